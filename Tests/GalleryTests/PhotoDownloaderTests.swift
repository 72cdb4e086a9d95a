import TestSupport
import Foundation
import Testing
@testable import Gallery

@MainActor
@Suite("PhotoDownloader")
struct PhotoDownloaderTests {
    @Test func savesTheOriginalAtomicallyUnderTheSanitisedID() async throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let fetcher = FakeFetcher()
        let target = dir.path + "/new/sub"
        let downloader = PhotoDownloader(fetcher: fetcher, directory: target)
        let task = Task { try await downloader.download(.sample("a/b"), progress: { _ in }) }

        // While the bytes are on their way nothing exists under any name.
        await fetcher.requests.until { $0.pendingKeys == ["https://images.test/a/b?q=85"] }
        #expect(!FileManager.default.fileExists(atPath: target))
        let bytes = (0..<100_000).map { UInt8(truncatingIfNeeded: $0) }
        fetcher.requests.resolve("https://images.test/a/b?q=85", with: .success(bytes))
        let path = try await task.value

        #expect(path == target + "/a_b.jpg")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(bytes))
        #expect(dir.contents(of: "new/sub") == ["a_b.jpg"], "no temporary file is left")
    }

    @Test func aFailedDownloadLeavesNoFile() async throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let fetcher = FakeFetcher()
        let downloader = PhotoDownloader(fetcher: fetcher, directory: dir.path)
        let task = Task { try await downloader.download(.sample("x"), progress: { _ in }) }
        await fetcher.requests.until { $0.pendingKeys.count == 1 }
        fetcher.requests.resolve("https://images.test/x?q=85", with: .failure(TestError()))
        await #expect(throws: TestError.self) { try await task.value }
        #expect(dir.contents().isEmpty)
    }

    @Test func fileNamesCannotEscapeTheDirectory() {
        #expect(PhotoDownloader.fileName(for: .sample("../../etc/passwd")) == "______etc_passwd.jpg")
        #expect(PhotoDownloader.fileName(for: .sample(".hidden")) == "_hidden.jpg")
        #expect(PhotoDownloader.fileName(for: .sample("Abc-12_x")) == "Abc-12_x.jpg")
        #expect(PhotoDownloader.fileName(for: .sample("")) == "photo.jpg")
        #expect(PhotoDownloader.fileName(for: .sample("写真")) == "__.jpg")
    }

    @Test func downloadDirectoryFollowsXDGThenHome() {
        #expect(PhotoDownloader.defaultDirectory(environment: ["XDG_DOWNLOAD_DIR": "/d", "HOME": "/h"]) == "/d")
        #expect(PhotoDownloader.defaultDirectory(environment: ["XDG_DOWNLOAD_DIR": "rel", "HOME": "/h"]) == "/h/Downloads")
        #expect(PhotoDownloader.defaultDirectory(environment: ["HOME": "/h"]) == "/h/Downloads")
    }

    @Test func tracksEachFinishedDownload() async throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let tracked = TrackedIDs()
        let fetcher = FakeFetcher()
        fetcher.requests.answerImmediately { _ in .success([1, 2, 3]) }
        let downloader = PhotoDownloader(fetcher: fetcher, directory: dir.path) { await tracked.add($0.id) }
        _ = try await downloader.download(.sample("t"), progress: { _ in })
        #expect(await tracked.ids == ["t"])
    }
}

actor TrackedIDs {
    private(set) var ids: [String] = []
    func add(_ id: String) { ids.append(id) }
}
