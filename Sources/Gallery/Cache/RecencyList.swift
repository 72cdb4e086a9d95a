/// Keys ordered from least to most recently used, with O(1) touch, insert and removal:
/// a doubly linked list whose links live in a dictionary.
struct RecencyList<Key: Hashable> {
    private struct Links { var older: Key?; var newer: Key? }
    private var links: [Key: Links] = [:]
    private(set) var oldest: Key?
    private var newest: Key?

    var count: Int { links.count }

    /// Makes `key` the most recently used, adding it if absent.
    mutating func touch(_ key: Key) {
        if links[key] != nil { remove(key) }
        links[key] = Links(older: newest, newer: nil)
        if let newest { links[newest]?.newer = key }
        newest = key
        if oldest == nil { oldest = key }
    }

    mutating func remove(_ key: Key) {
        guard let entry = links.removeValue(forKey: key) else { return }
        if let older = entry.older { links[older]?.newer = entry.newer } else { oldest = entry.newer }
        if let newer = entry.newer { links[newer]?.older = entry.older } else { newest = entry.older }
    }

    mutating func removeAll() {
        links = [:]
        oldest = nil
        newest = nil
    }

    /// All keys, least recently used first.
    var keysOldestFirst: [Key] {
        var keys: [Key] = []
        var cursor = oldest
        while let key = cursor {
            keys.append(key)
            cursor = links[key]?.newer
        }
        return keys
    }
}
