/// Which cache files exist, their sizes and the order they were last used in: the least recently
/// used go first when the total exceeds the capacity. Pure bookkeeping, no file access.
struct CacheIndex {
    private struct Entry {
        var size: Int
        var lastUse: UInt64
    }

    let capacityBytes: Int
    private var entries: [String: Entry] = [:]
    private var clock: UInt64 = 0
    private(set) var totalBytes = 0

    init(capacityBytes: Int) {
        self.capacityBytes = capacityBytes
    }

    var count: Int { entries.count }

    func contains(_ name: String) -> Bool { entries[name] != nil }

    /// Records that `name` holds `size` bytes and was just used. Returns the names to delete,
    /// least recently used first, so that the total fits the capacity again; never `name` itself.
    mutating func insert(_ name: String, size: Int) -> [String] {
        remove(name)
        clock += 1
        entries[name] = Entry(size: size, lastUse: clock)
        totalBytes += size
        return evictions(sparing: name)
    }

    /// Marks `name` as just used.
    mutating func touch(_ name: String) {
        clock += 1
        entries[name]?.lastUse = clock
    }

    mutating func remove(_ name: String) {
        guard let entry = entries.removeValue(forKey: name) else { return }
        totalBytes -= entry.size
    }

    mutating func removeAll() {
        entries = [:]
        totalBytes = 0
    }

    private mutating func evictions(sparing kept: String) -> [String] {
        guard totalBytes > capacityBytes else { return [] }
        var victims: [String] = []
        for (name, _) in entries.sorted(by: { $0.value.lastUse < $1.value.lastUse }) where name != kept {
            guard totalBytes > capacityBytes else { break }
            remove(name)
            victims.append(name)
        }
        return victims
    }
}
