import Foundation
import Logging
import OperatingSystem

/// A swift-log handler appending lines to a file. The UI owns the screen, so logs never go to stdout/stderr.
struct FileLogHandler: LogHandler {
    private let sink: Sink
    var logLevel: Logger.Level = .info
    var metadata: Logger.Metadata = [:]
    private let label: String

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    init(label: String, sink: Sink) {
        self.label = label
        self.sink = sink
    }

    func log(event: LogEvent) {
        let merged = metadata.merging(event.metadata ?? [:]) { $1 }
        let meta = merged.isEmpty ? "" : " " + merged.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        let error = event.error.map { " error=\($0)" } ?? ""
        sink.append("\(Date().ISO8601Format()) \(event.level) \(label):\(meta) \(event.message)\(error)\n")
    }

    /// The open file, shared by every logger; writes are serialised by a lock.
    final class Sink: Sendable {
        private let file: Locked<FileDescriptor>

        /// Opens (creating, mode 0600) `path` for appending: its bytes, whatever they are.
        init(path: FilePath) throws(SystemError) {
            file = Locked(try FileDescriptor.open(path, .appending(permissions: 0o600)))
        }

        func append(_ line: String) {
            file.withLock { try? $0.write(all: Array(line.utf8)) }
        }
    }
}
