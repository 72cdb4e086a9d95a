import OperatingSystem
@testable import Gallery

/// A `DownloadFetching` whose downloads are held until the test resolves them; it reports the
/// progress it is told to before answering.
final class FakeFetcher: DownloadFetching {
    let requests = Responder<[UInt8]>()
    private let progressSteps: [DownloadProgress]

    init(progressSteps: [DownloadProgress] = []) {
        self.progressSteps = progressSteps
    }

    func download(_ url: String, progress: @escaping @Sendable (DownloadProgress) -> Void) async throws -> [UInt8] {
        for step in progressSteps { progress(step) }
        return try await requests.call(url)
    }
}

/// A `URLOpening` that records URLs and says whether an opener exists.
final class FakeOpener: URLOpening {
    private let opened = Locked<[String]>([])
    let available: Bool

    init(available: Bool) {
        self.available = available
    }

    var urls: [String] { opened.withLock { $0 } }

    func open(_ url: String) -> Bool {
        guard available else { return false }
        opened.withLock { $0.append(url) }
        return true
    }
}

/// A clipboard that keeps what was copied.
@MainActor final class FakeClipboard: Clipboard {
    /// What was copied, as sent.
    private(set) var copiedBytes: [[UInt8]] = []
    /// What was copied, as text (for what is UTF-8).
    var copied: [String] { copiedBytes.map { String(decoding: $0, as: UTF8.self) } }
    func copy(_ bytes: [UInt8]) -> String {
        copiedBytes.append(bytes)
        return "to the fake"
    }
}
