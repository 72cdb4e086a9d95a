import Foundation
@testable import Net
import Testing
import TestSupport

/// A process killed with SIGKILL while storing entries never leaves one behind that a later
/// `DiskCache` serves wrong (issue 4).
///
/// `childStoresUntilKilled` runs in a child process of this test binary and stores large entries in
/// a loop; the parent kills it at a random moment and checks what a new cache on the directory serves.
struct DiskCacheCrashTests {
    static let directoryVariable = "GALLERY_NET_TEST_CRASH_CACHE_DIRECTORY"
    static let childDirectory = ProcessInfo.processInfo.environment[directoryVariable]

    static let keys = (0..<8).map { "crash-entry-\($0)" }
    /// Room for every entry: eviction is not what this is about.
    static let capacity = 128 << 20

    @Test func entriesSurviveTheWriterBeingKilledMidWrite() async throws {
        var killsMidWrite = 0
        for _ in 0..<3 {
            let directory = FileManager.default.temporaryDirectory
                .appendingPathComponent("gallery-crash-test-\(UUID().uuidString)", isDirectory: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let child = try TestProcess(test: "DiskCacheCrashTests/childStoresUntilKilled",
                                        environment: ProcessInfo.processInfo.environment.merging([Self.directoryVariable: directory.path]) { $1 })
            // Counted from the first entry on disk: starting the child takes longer than the kill delay.
            let started = await eventually { !entryNames(in: directory).isEmpty || !child.isRunning }
            try #require(started && child.isRunning, "the child stored nothing: \(child.output)")
            try await Task.sleep(for: .milliseconds(Int.random(in: 50...300)))
            // Most of the child's time goes to computing bodies: aim the kill at a file being written.
            _ = await eventually(timeout: .seconds(1), pollingEvery: .milliseconds(1)) { hasPartialFile(in: directory) }
            try #require(await child.killHard(), "the child must die of SIGKILL: \(child.output)")

            if hasPartialFile(in: directory) { killsMidWrite += 1 }
            let onDisk = Set(entryNames(in: directory))
            let cache = DiskCache(directory: directory, capacityBytes: Self.capacity)
            var served = 0
            for key in Self.keys {
                let bytes = cache.data(for: key)
                // Renamed into place only once complete: every entry file is whole, every other file ignored.
                #expect((bytes != nil) == onDisk.contains(DiskCache.fileName(for: key)), "\(key)")
                if let bytes {
                    served += 1
                    #expect(Self.same(bytes, Self.body(for: key)), "\(key) served wrong bytes")
                }
                // Checking megabytes takes a while: let the other tests have this pool thread in between.
                await Task.yield()
            }
            #expect(served == onDisk.count)
        }
        // Else the test proved nothing: no half-written file was left to be mistaken for an entry.
        #expect(killsMidWrite > 0, "no kill landed while an entry was being written")
    }

    /// The child side: stores the entries over and over until killed (or, should the parent be gone, for 20 s).
    @Test(.enabled(if: childDirectory != nil, "runs only in the child process"))
    func childStoresUntilKilled() async throws {
        let cache = DiskCache(directory: URL(fileURLWithPath: try #require(Self.childDirectory)), capacityBytes: Self.capacity)
        let bodies = Self.keys.map { Self.body(for: $0) }
        let deadline = ContinuousClock.now + .seconds(20)
        var round = 0
        while ContinuousClock.now < deadline {
            let index = round % Self.keys.count
            cache.store(bodies[index], for: Self.keys[index])
            round += 1
            // Leaves the other tests, running meanwhile on the same 2 cores, some of the CPU.
            try await Task.sleep(for: .milliseconds(30))
        }
    }

    /// 2 to 4 MB that follow from the key alone, different for every key.
    static func body(for key: String) -> [UInt8] {
        let seed = StableHash.fnv1a64(Array(key.utf8))
        let words = bodySize(for: key) / 8
        var bytes = [UInt8](repeating: 0, count: words * 8)
        bytes.withUnsafeMutableBytes { buffer in
            for word in 0..<words {
                let value = (UInt64(word) &+ seed) &* 0x9e37_79b9_7f4a_7c15
                buffer.storeBytes(of: value ^ (value >> 29), toByteOffset: word * 8, as: UInt64.self)
            }
        }
        return bytes
    }

    /// Compares with memcmp: element by element takes far longer in a debug build.
    static func same(_ first: [UInt8], _ second: [UInt8]) -> Bool {
        first.count == second.count && first.withUnsafeBytes { one in
            second.withUnsafeBytes { other in memcmp(one.baseAddress!, other.baseAddress!, one.count) == 0 }
        }
    }

    static func bodySize(for key: String) -> Int {
        8 * ((2 << 20) / 8 + Int(StableHash.fnv1a64(Array(key.utf8)) % UInt64((2 << 20) / 8)))
    }

    /// The sizes of whole entry files, header included.
    static let entryFileSizes = Set(keys.map { 24 + $0.utf8.count + bodySize(for: $0) })

    /// The entry files of a cache directory (its temporary files start with a dot).
    private func entryNames(in directory: URL) -> [String] {
        fileNames(in: directory).filter { !$0.hasPrefix(".") }
    }

    /// Whether any file, whatever its name, is shorter or longer than a whole entry: one being written.
    private func hasPartialFile(in directory: URL) -> Bool {
        fileNames(in: directory).contains { name in
            var status = stat()
            return lstat(directory.path + "/" + name, &status) == 0 && !Self.entryFileSizes.contains(Int(status.st_size))
        }
    }

    private func fileNames(in directory: URL) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    }
}
