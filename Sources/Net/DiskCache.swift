public import Foundation
import OperatingSystem

/// Bytes by key in a directory, bounded in size, safe to use from many tasks at once.
///
/// - A key never becomes a path: each entry's file is named by a 128-bit hash of the key (32 hex
///   digits), and the file repeats the key so that a hash collision reads as a miss.
/// - Writes are atomic: the entry is written to a temporary file in the same directory, then
///   renamed over the old one, so a reader, or a process killed mid-write, never sees half an
///   entry. A body checksum also rejects files damaged any other way; such a file is deleted.
/// - When the files exceed `capacityBytes`, the least recently used are deleted. Use is recorded
///   in memory and as the file's modification time, from which the first use of a new instance
///   rebuilds the order.
/// - Failures never surface: if the directory cannot be created or written, the cache stores
///   nothing and every lookup misses.
public final class DiskCache: Sendable {
    public let directory: URL
    /// The most the entry files may take together, headers included.
    public let capacityBytes: Int

    private struct State {
        /// Built at first use; nil before.
        var index: CacheIndex?
        var usable = true
    }

    private let state: Locked<State>
    private let path: String

    /// Temporary files older than this are left over from a crash and deleted when the index is built.
    private static let staleTemporaryAge: TimeInterval = 60
    private static let temporaryPrefix = ".tmp-"

    /// Touches nothing on disk yet: the directory is created and read at first use.
    public init(directory: URL, capacityBytes: Int) {
        self.directory = directory
        self.capacityBytes = max(0, capacityBytes)
        self.path = directory.path
        self.state = Locked(State())
    }

    /// `gallery` in the user's cache folder (`XDGDirectories.cacheHome`). Foundation's URLs hold
    /// text: a cache folder whose name is not UTF-8 leaves downloads uncached (`/dev/null` holds
    /// no folder), rather than cached in a folder of a look-alike name.
    public static func defaultDirectory() -> URL {
        defaultDirectory(environment: CurrentProcess.environment)
    }

    /// The same for `environment`.
    public static func defaultDirectory(environment: [String: String]) -> URL {
        URL(fileURLWithPath: XDGDirectories(environment: environment).cacheHome.text ?? "/dev/null", isDirectory: true)
            .appendingPathComponent("gallery", isDirectory: true)
    }

    /// The bytes stored for `key`, or nil.
    public func data(for key: String) -> [UInt8]? {
        let name = Self.fileName(for: key)
        guard isUsable, let file = CacheFiles.read(filePath(name)) else {
            // Checked again under the lock: a store may have renamed a new file into place since the
            // read, and forgetting that one would leave it on disk, uncounted, past the capacity.
            withIndex { index in
                if !CacheFiles.exists(filePath(name)) { index.remove(name) }
            }
            return nil
        }
        switch CacheEntryCoding.decode(file, key: key) {
        case .hit(let bytes):
            withIndex { index in
                if index.contains(name) {
                    index.touch(name)
                } else if CacheFiles.exists(filePath(name)) {
                    // Written by another instance on the same directory since our index was built
                    // (and not evicted by one of our stores since the read).
                    deleteFiles(index.insert(name, size: file.count))
                }
            }
            CacheFiles.touch(filePath(name))
            return bytes
        case .otherKey:
            return nil
        case .corrupt:
            // Should a store have renamed a fresh file into place since the read, it goes too:
            // at worst a later miss, never wrong bytes.
            withIndex { index in
                index.remove(name)
                CacheFiles.remove(filePath(name))
            }
            return nil
        }
    }

    /// Stores `bytes` for `key`, replacing what was there, then evicts least recently used entries
    /// until the total fits. An entry larger than the whole capacity is not stored.
    public func store(_ bytes: [UInt8], for key: String) {
        let file = CacheEntryCoding.encode(bytes, key: key)
        guard file.count <= capacityBytes, isUsable else { return }
        let name = Self.fileName(for: key)
        let temporary = filePath(Self.temporaryPrefix + name + "-" + StableHash.hex128(UUID().uuidString))
        guard CacheFiles.createNew(temporary, bytes: file) else {
            CacheFiles.remove(temporary)
            return
        }
        // Renaming and deleting under the lock keeps the directory and the index in step.
        withIndex { index in
            guard CacheFiles.rename(temporary, to: filePath(name)) else {
                CacheFiles.remove(temporary)
                return
            }
            deleteFiles(index.insert(name, size: file.count))
        }
    }

    /// Deletes every entry.
    public func removeAll() {
        withIndex { index in
            for listing in CacheFiles.list(path) where Self.isEntryName(listing.name) {
                CacheFiles.remove(filePath(listing.name))
            }
            index.removeAll()
        }
    }

    // MARK: - Index

    /// Whether the directory exists or could be created; builds the index at first use.
    private var isUsable: Bool { withIndex { _ in true } ?? false }

    /// Runs `body` on the index under the lock, building the index first if needed. Returns nil,
    /// without running `body`, when the directory is unusable.
    @discardableResult
    private func withIndex<T>(_ body: (inout CacheIndex) -> T) -> T? {
        state.withLock { state in
            guard state.usable else { return nil }
            if state.index == nil {
                guard CacheFiles.makeDirectory(path) else {
                    state.usable = false
                    return nil
                }
                state.index = buildIndex()
            }
            return body(&state.index!)
        }
    }

    private func buildIndex() -> CacheIndex {
        var index = CacheIndex(capacityBytes: capacityBytes)
        let now = Date()
        var entries: [CacheFiles.Listing] = []
        for listing in CacheFiles.list(path) {
            if Self.isEntryName(listing.name) {
                entries.append(listing)
            } else if listing.name.hasPrefix(Self.temporaryPrefix),
                      now.timeIntervalSince(listing.modified) > Self.staleTemporaryAge {
                CacheFiles.remove(filePath(listing.name))
            }
        }
        entries.sort { ($0.modified, $0.name) < ($1.modified, $1.name) }
        for entry in entries {
            deleteFiles(index.insert(entry.name, size: entry.size))
        }
        return index
    }

    private func deleteFiles(_ names: [String]) {
        for name in names {
            CacheFiles.remove(filePath(name))
        }
    }

    private func filePath(_ name: String) -> String { path + "/" + name }

    static func fileName(for key: String) -> String { StableHash.hex128(key) }

    private static func isEntryName(_ name: String) -> Bool {
        name.utf8.count == 32 && name.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
}
