import Foundation
import Logging

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
    final class Sink: @unchecked Sendable {
        private let handle: FileHandle
        private let lock = NSLock()

        /// Opens (creating) `path` for appending; throws with a readable message when it cannot.
        init(path: String) throws {
            let manager = FileManager.default
            if !manager.fileExists(atPath: path) {
                guard manager.createFile(atPath: path, contents: nil) else {
                    throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path])
                }
            }
            guard let handle = FileHandle(forWritingAtPath: path) else {
                throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path])
            }
            handle.seekToEndOfFile()
            self.handle = handle
        }

        func append(_ line: String) {
            lock.lock(); defer { lock.unlock() }
            handle.write(Data(line.utf8))
        }
    }
}
