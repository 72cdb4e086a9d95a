import Logging
import OperatingSystem

/// Sends swift-log to the log file, never to the screen.
enum LogSetup {
    /// Logs to `settings.logPath` (creating its directory) at `.info`, `.debug` with `--verbose`.
    /// An explicit `--log` that cannot be written is an error; the default place failing only
    /// turns logging off, since the user asked for nothing.
    static func bootstrap(_ settings: Settings, explicit: Bool) throws(SystemError) {
        let level: Logger.Level = settings.verbose ? .debug : .info
        do {
            if settings.logPath.bytes.contains(UInt8(ascii: "/")) { try File.makeDirectories(settings.logPath.parent) }
            let sink = try FileLogHandler.Sink(path: settings.logPath)
            LoggingSystem.bootstrap { label in
                var handler = FileLogHandler(label: label, sink: sink)
                handler.logLevel = level
                return handler
            }
        } catch {
            if explicit { throw error }
            LoggingSystem.bootstrap { _ in SwiftLogNoOpLogHandler() }
        }
    }
}
