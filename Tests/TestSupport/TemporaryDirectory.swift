public import Foundation
import OperatingSystem

/// A fresh directory for one test under the system's temporary directory, removed by `remove()`:
/// the one temporary-folder helper of the suites.
public struct TemporaryDirectory {
    public let url: URL
    public var path: String { url.path }

    public init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("gallery-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    public func write(_ bytes: [UInt8], to name: String) throws {
        try Data(bytes).write(to: url.appendingPathComponent(name))
    }

    /// The bytes of the file `name` in the directory; empty when there is none.
    public func read(_ name: String) -> [UInt8] {
        (try? Data(contentsOf: url.appendingPathComponent(name))).map { [UInt8]($0) } ?? []
    }

    /// The names in the directory, sorted (hidden ones included).
    public func contents(of subpath: String = "") -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: subpath.isEmpty ? path : path + "/" + subpath)) ?? []).sorted()
    }

    /// The text of the file `name` (a path below the directory).
    public func text(of name: String) throws -> String {
        try String(contentsOfFile: path + "/" + name, encoding: .utf8)
    }

    /// Removes the directory and everything in it, names that are not UTF-8 too.
    public func remove() {
        Directory.removeTree(FilePath(path))
    }
}
