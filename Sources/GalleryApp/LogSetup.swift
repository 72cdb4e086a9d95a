import Foundation
import Logging

/// Sends swift-log to the log file, never to the screen.
enum LogSetup {
    /// Logs to `settings.logPath` (creating its directory) at `.info`, `.debug` with `--verbose`.
    /// An explicit `--log` that cannot be written is an error; the default place failing only
    /// turns logging off, since the user asked for nothing.
    static func bootstrap(_ settings: Settings, explicit: Bool) throws {
        let level: Logger.Level = settings.verbose ? .debug : .info
        do {
            let directory = (settings.logPath as NSString).deletingLastPathComponent
            if !directory.isEmpty {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            }
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
