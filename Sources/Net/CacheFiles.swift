import Foundation
import OperatingSystem

/// The few file operations the disk cache needs, each reporting failure instead of throwing:
/// a cache that cannot do something just misses.
enum CacheFiles {
    /// The whole file; a file that shrank while being read comes back short, and the entry check
    /// rejects it.
    static func read(_ path: String) -> [UInt8]? {
        try? File.read(path, maxBytes: .max)
    }

    /// Creates `path`, which must not exist, with `bytes`.
    static func createNew(_ path: String, bytes: [UInt8]) -> Bool {
        (try? File.write(bytes, to: path, .creatingNew(permissions: 0o600))) != nil
    }

    static func exists(_ path: String) -> Bool {
        File.exists(path)
    }

    static func rename(_ source: String, to destination: String) -> Bool {
        (try? File.rename(source, to: destination)) != nil
    }

    static func remove(_ path: String) {
        try? File.remove(path)
    }

    /// Sets the modification time to now: the last-use time a later index rebuild sorts by.
    static func touch(_ path: String) {
        try? File.touch(path)
    }

    /// Creates the directory and its parents; true when it exists afterwards.
    static func makeDirectory(_ path: String) -> Bool {
        try? File.makeDirectories(path)
        return (try? FileStatus(path: path))?.kind == .directory
    }

    struct Listing {
        var name: String
        var size: Int
        var modified: Date
    }

    /// The regular files directly in `path`.
    static func list(_ path: String) -> [Listing] {
        let names = (try? Directory.names(in: path)) ?? []
        return names.compactMap { name in
            guard let status = try? FileStatus(path: path + "/" + name, followingLinks: false),
                status.kind == .regular
            else { return nil }
            let modified = Date(timeIntervalSince1970: Double(status.modifiedSeconds) + Double(status.modifiedNanoseconds) / 1e9)
            return Listing(name: name, size: status.size, modified: modified)
        }
    }
}
