import Foundation
@testable import Net
import Testing

struct DiskCacheTests {
    let directory: URL

    init() {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("gallery-cache-test-\(UUID().uuidString)", isDirectory: true)
    }

    func cache(capacity: Int = 1 << 20) -> DiskCache { DiskCache(directory: directory, capacityBytes: capacity) }

    func files(in url: URL? = nil) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: (url ?? directory).path)) ?? []).sorted()
    }

    func entryPath(_ key: String) -> String { directory.path + "/" + DiskCache.fileName(for: key) }

    /// Bytes that differ per key, so a mix-up shows.
    static func bytes(for key: String, count: Int = 100) -> [UInt8] {
        let seed = UInt8(truncatingIfNeeded: key.utf8.reduce(0) { $0 &+ Int($1) })
        return (0..<count).map { UInt8(truncatingIfNeeded: $0) &+ seed }
    }

    /// The on-disk size of an entry, header included.
    static func entrySize(_ key: String, count: Int = 100) -> Int {
        CacheEntryCoding.encode(bytes(for: key, count: count), key: key).count
    }

    @Test func storedBytesComeBackAndUnknownKeysMiss() {
        let cache = cache()
        cache.store(Self.bytes(for: "a"), for: "a")
        cache.store([], for: "empty")
        #expect(cache.data(for: "a") == Self.bytes(for: "a"))
        #expect(cache.data(for: "empty") == [])
        #expect(cache.data(for: "b") == nil)
    }

    @Test func storingAgainReplaces() {
        let cache = cache()
        cache.store([1, 2, 3], for: "k")
        cache.store([4, 5], for: "k")
        #expect(cache.data(for: "k") == [4, 5])
        #expect(files().count == 1)
    }

    @Test func entriesSurviveANewInstance() {
        cache().store(Self.bytes(for: "persisted"), for: "persisted")
        #expect(cache().data(for: "persisted") == Self.bytes(for: "persisted"))
    }

    @Test func leastRecentlyUsedIsEvictedFirst() {
        let cache = cache(capacity: 3 * Self.entrySize("a"))
        for key in ["a", "b", "c"] { cache.store(Self.bytes(for: key), for: key) }
        #expect(cache.data(for: "a") != nil)
        cache.store(Self.bytes(for: "d"), for: "d")
        #expect(cache.data(for: "b") == nil, "b was used least recently")
        #expect(cache.data(for: "a") == Self.bytes(for: "a"))
        #expect(cache.data(for: "c") == Self.bytes(for: "c"))
        #expect(cache.data(for: "d") == Self.bytes(for: "d"))
        #expect(files().count == 3)
    }

    @Test func aNewInstanceRebuildsTheUseOrderFromTheFiles() async throws {
        let capacity = 3 * Self.entrySize("a")
        let first = cache(capacity: capacity)
        for key in ["a", "b", "c"] {
            first.store(Self.bytes(for: key), for: key)
            // File times can be as coarse as a clock tick.
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(first.data(for: "a") != nil)
        let second = cache(capacity: capacity)
        second.store(Self.bytes(for: "d"), for: "d")
        #expect(!FileManager.default.fileExists(atPath: entryPath("b")))
        #expect(second.data(for: "a") == Self.bytes(for: "a"))
    }

    @Test func anEntryLargerThanTheCapacityIsNotStored() {
        let cache = cache(capacity: 50)
        cache.store(Self.bytes(for: "big", count: 100), for: "big")
        #expect(cache.data(for: "big") == nil)
        #expect(files().isEmpty)
    }

    @Test func aNewInstanceTrimsAnOversizedDirectory() {
        for key in ["a", "b", "c", "d"] { cache().store(Self.bytes(for: key), for: key) }
        _ = cache(capacity: 2 * Self.entrySize("a")).data(for: "a")
        #expect(files().count == 2)
    }

    @Test func writesLeaveNoTemporaryFilesBehind() async {
        let cache = cache()
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<40 {
                group.addTask { cache.store(Self.bytes(for: "k\(index % 10)"), for: "k\(index % 10)") }
            }
        }
        #expect(files().count == 10)
        #expect(files().allSatisfy { $0.count == 32 && !$0.hasPrefix(".") })
    }

    @Test func staleTemporaryFilesFromACrashAreDeletedAndNeverServed() throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let name = DiskCache.fileName(for: "k")
        let leftover = directory.path + "/.tmp-" + name + "-crashed"
        let half = Array(CacheEntryCoding.encode(Self.bytes(for: "k"), key: "k").prefix(60))
        #expect(FileManager.default.createFile(atPath: leftover, contents: Data(half),
                                               attributes: [.modificationDate: Date(timeIntervalSinceNow: -3600)]))
        #expect(cache().data(for: "k") == nil)
        #expect(files().isEmpty)
    }

    @Test(arguments: ["../escape", "../../../../tmp/escape", "/etc/passwd", "a/b/c", "..", ".", "", "😀\u{0}\n"])
    func keysNeverBecomePaths(key: String) {
        let parent = directory.appendingPathComponent("inner", isDirectory: true)
        let cache = DiskCache(directory: parent, capacityBytes: 1 << 20)
        cache.store(Self.bytes(for: key), for: key)
        #expect(cache.data(for: key) == Self.bytes(for: key))
        #expect(files() == ["inner"], "nothing lands next to the cache directory")
        let inside = files(in: parent)
        #expect(inside == [DiskCache.fileName(for: key)])
        #expect(inside.allSatisfy { $0.allSatisfy(\.isHexDigit) && $0.count == 32 })
    }

    @Test func corruptEntryMissesAndIsDeleted() throws {
        let cache = cache()
        cache.store(Self.bytes(for: "k"), for: "k")
        var file = try #require(FileManager.default.contents(atPath: entryPath("k")))
        file[file.count - 1] ^= 0xff
        try file.write(to: URL(fileURLWithPath: entryPath("k")))
        #expect(cache.data(for: "k") == nil)
        #expect(!FileManager.default.fileExists(atPath: entryPath("k")))
    }

    @Test(arguments: [0, 10, 30, 50])
    func truncatedEntryMissesAndIsDeleted(keep: Int) throws {
        let cache = cache()
        cache.store(Self.bytes(for: "k"), for: "k")
        let file = try #require(FileManager.default.contents(atPath: entryPath("k")))
        try file.prefix(keep).write(to: URL(fileURLWithPath: entryPath("k")))
        #expect(cache.data(for: "k") == nil)
        #expect(!FileManager.default.fileExists(atPath: entryPath("k")))
    }

    @Test func anEntryForAnotherKeyUnderTheSameNameIsAMiss() throws {
        let cache = cache()
        cache.store(Self.bytes(for: "x"), for: "x")
        try FileManager.default.copyItem(atPath: entryPath("x"), toPath: entryPath("y"))
        #expect(cache.data(for: "y") == nil)
        #expect(cache.data(for: "x") == Self.bytes(for: "x"))
    }

    @Test func unusableDirectoryMakesANoOpCache() throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let plainFile = directory.appendingPathComponent("file")
        #expect(FileManager.default.createFile(atPath: plainFile.path, contents: Data("x".utf8)))
        let cache = DiskCache(directory: plainFile.appendingPathComponent("cache"), capacityBytes: 1 << 20)
        cache.store([1, 2, 3], for: "k")
        #expect(cache.data(for: "k") == nil)
        cache.removeAll()
        #expect(files() == ["file"])
    }

    @Test func removeAllDeletesEveryEntry() {
        let cache = cache()
        for key in ["a", "b"] { cache.store(Self.bytes(for: key), for: key) }
        cache.removeAll()
        #expect(cache.data(for: "a") == nil)
        #expect(files().isEmpty)
        cache.store([7], for: "a")
        #expect(cache.data(for: "a") == [7])
    }

    @Test func concurrentUseNeverServesWrongBytesAndStaysBounded() async {
        let capacity = 8 * Self.entrySize("k0", count: 1000)
        let cache = cache(capacity: capacity)
        let wrong = await withTaskGroup(of: Int.self) { group in
            for worker in 0..<8 {
                group.addTask {
                    var wrong = 0
                    for step in 0..<60 {
                        let key = "k\((worker * 7 + step) % 20)"
                        if step % 3 == 0 {
                            cache.store(Self.bytes(for: key, count: 1000), for: key)
                        } else if let bytes = cache.data(for: key), bytes != Self.bytes(for: key, count: 1000) {
                            wrong += 1
                        }
                    }
                    return wrong
                }
            }
            return await group.reduce(0, +)
        }
        #expect(wrong == 0)
        let total = files().reduce(0) { $0 + ((try? FileManager.default.attributesOfItem(atPath: directory.path + "/" + $1)[.size] as? Int) ?? 0) }
        #expect(total <= capacity)
        #expect(files().allSatisfy { $0.count == 32 })
    }

    @Test(arguments: [
        (["XDG_CACHE_HOME": "/xdg", "HOME": "/home/u"], "/xdg/gallery"),
        (["XDG_CACHE_HOME": "relative", "HOME": "/home/u"], "/home/u/.cache/gallery"),
        (["XDG_CACHE_HOME": "", "HOME": "/home/u"], "/home/u/.cache/gallery"),
        (["HOME": "/home/u"], "/home/u/.cache/gallery"),
    ])
    func defaultDirectoryFollowsXDG(environment: [String: String], expected: String) {
        #expect(DiskCache.defaultDirectory(environment: environment).path == expected)
    }
}

struct StableHashTests {
    @Test func fnv1aMatchesTheReferenceVectors() {
        #expect(StableHash.fnv1a64([UInt8]()) == 0xcbf2_9ce4_8422_2325)
        #expect(StableHash.fnv1a64(Array("a".utf8)) == 0xaf63_dc4c_8601_ec8c)
        #expect(StableHash.fnv1a64(Array("foobar".utf8)) == 0x8594_4171_f739_67e8)
    }

    @Test func fileNamesAre32HexDigitsAndDifferPerKey() {
        let names = Set((0..<1000).map { StableHash.hex128("https://example.com/photo/\($0)?w=200") })
        #expect(names.count == 1000)
        #expect(names.allSatisfy { $0.count == 32 && $0.allSatisfy { "0123456789abcdef".contains($0) } })
        #expect(StableHash.hex128("k") == StableHash.hex128("k"))
    }
}
