import Glibc
import OperatingSystem

/// A fresh folder under /tmp for one test, removed by `remove()`.
struct ScratchFolder {
    let path: String

    init() throws {
        path = try Directory.makeTemporary(prefix: "/tmp/os-tests-")
    }

    func remove() { Directory.removeTree(path) }

    var names: [String] { ((try? Directory.names(in: path)) ?? []).sorted() }

    func contents(of name: String) throws -> String {
        String(decoding: try File.read(path + "/" + name, maxBytes: 1 << 20), as: UTF8.self)
    }
}
