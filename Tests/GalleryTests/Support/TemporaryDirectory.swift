import Foundation

/// A fresh directory under the system's temporary directory, removed by `remove()`.
struct TemporaryDirectory {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("gallery-test-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// The names in the directory, sorted (hidden ones included).
    func contents(of subpath: String = "") -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: subpath.isEmpty ? path : path + "/" + subpath)) ?? []).sorted()
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}
