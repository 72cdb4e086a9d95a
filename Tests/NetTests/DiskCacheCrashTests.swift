import Foundation
@testable import Net
import Testing

/// A process killed with SIGKILL while storing entries never leaves one behind that a later
/// `DiskCache` serves wrong (issue 4).
///
/// `childStoresUntilKilled` runs in a child process of this test binary and stores large entries in
/// a loop; the parent kills it at a random moment and checks what a new cache on the directory serves.
struct DiskCacheCrashTests {
    static let directoryVariable = "GALLERY_NET_TEST_CRASH_CACHE_DIRECTORY"
    static let childDirectory = ProcessInfo.processInfo.environment[directoryVariable]

    static let keys = (0..<10).map { "crash-entry-\($0)" }
    /// Room for every entry: eviction is not what this is about.
    static let capacity = 128 << 20

    @Test func entriesSurviveTheWriterBeingKilledMidWrite() async throws {
        for _ in 0..<4 {
            let directory = FileManager.default.temporaryDirectory
                .appendingPathComponent("gallery-crash-test-\(UUID().uuidString)", isDirectory: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let child = try ChildTestProcess(test: "DiskCacheCrashTests/childStoresUntilKilled",
                                             environment: [Self.directoryVariable: directory.path])
            // Counted from the first entry on disk: starting the child takes longer than the kill delay.
            let started = await eventually { !entryNames(in: directory).isEmpty || child.poll() != nil }
            try #require(started && child.poll() == nil, "the child stored nothing: \(child.output)")
            try await Task.sleep(for: .milliseconds(Int.random(in: 50...300)))
            try #require(await child.killHard(), "the child must die of SIGKILL: \(child.output)")

            let onDisk = Set(entryNames(in: directory))
            let cache = DiskCache(directory: directory, capacityBytes: Self.capacity)
            var served = 0
            for key in Self.keys {
                let bytes = cache.data(for: key)
                // Renamed into place only once complete: every entry file is whole, every other file ignored.
                #expect((bytes != nil) == onDisk.contains(DiskCache.fileName(for: key)), "\(key)")
                if let bytes {
                    served += 1
                    #expect(bytes == Self.body(for: key), "\(key) served \(bytes.count) wrong bytes")
                }
            }
            #expect(served == onDisk.count)
        }
    }

    /// The child side: stores the entries over and over until killed (or, should the parent be gone, for 20 s).
    @Test(.enabled(if: childDirectory != nil, "runs only in the child process"))
    func childStoresUntilKilled() throws {
        let cache = DiskCache(directory: URL(fileURLWithPath: try #require(Self.childDirectory)), capacityBytes: Self.capacity)
        let deadline = ContinuousClock.now + .seconds(20)
        var round = 0
        while ContinuousClock.now < deadline {
            let key = Self.keys[round % Self.keys.count]
            cache.store(Self.body(for: key), for: key)
            round += 1
        }
    }

    /// 2 to 8 MB that follow from the key alone, different for every key.
    static func body(for key: String) -> [UInt8] {
        let seed = StableHash.fnv1a64(Array(key.utf8))
        let words = (2 << 20) / 8 + Int(seed % UInt64((6 << 20) / 8))
        var bytes = [UInt8](repeating: 0, count: words * 8)
        bytes.withUnsafeMutableBytes { buffer in
            for word in 0..<words {
                let value = (UInt64(word) &+ seed) &* 0x9e37_79b9_7f4a_7c15
                buffer.storeBytes(of: value ^ (value >> 29), toByteOffset: word * 8, as: UInt64.self)
            }
        }
        return bytes
    }

    /// The entry files of a cache directory, without its temporary files.
    private func entryNames(in directory: URL) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { !$0.hasPrefix(".") }
    }
}
