import Net
import Testing
@testable import Gallery
import TerminalVocabulary

@MainActor
@Suite("NetworkStatus")
struct NetworkStatusTests {
    @Test func retryTextSaysWhyAndHowLong() {
        let limited = RetryEvent(attempt: 2, delay: .milliseconds(11_200), reason: .status(429, headers: [:]))
        #expect(NetworkStatus.text(for: limited) == "rate limited, retrying in 12 s")
        let unavailable = RetryEvent(attempt: 3, delay: .milliseconds(300), reason: .status(503, headers: [:]))
        #expect(NetworkStatus.text(for: unavailable) == "HTTP 503, retrying in 1 s")
        let timeout = RetryEvent(attempt: 2, delay: .seconds(2), reason: .timedOut)
        #expect(NetworkStatus.text(for: timeout) == "timed out, retrying in 2 s")
    }

    @Test func aRetryNoticeShowsInTheGridUntilItsWaitIsOver() async {
        let status = NetworkStatus()
        let viewModel = PhotosViewModel(source: FakePhotoSource(), loader: FakeImageLoader(), renderer: FakeRenderer(),
                                        renderMode: .ascii, cache: ThumbnailCache(), networkStatus: status)
        #expect(viewModel.notice == nil)
        status.report(RetryEvent(attempt: 2, delay: .seconds(30), reason: .status(429, headers: [:])))
        await eventually { viewModel.notice == "rate limited, retrying in 30 s" }
        // The next retry replaces it, and its short wait ends with no notice left.
        status.report(RetryEvent(attempt: 3, delay: .milliseconds(50), reason: .status(503, headers: [:])))
        await eventually { viewModel.notice == nil }
    }

    @Test func aLaterRetryKeepsItsNoticeWhenAnEarlierWaitEnds() async throws {
        let status = NetworkStatus()
        status.report(RetryEvent(attempt: 2, delay: .milliseconds(10), reason: .timedOut))
        status.report(RetryEvent(attempt: 3, delay: .seconds(30), reason: .status(429, headers: [:])))
        await eventually { status.retryNotice == "rate limited, retrying in 30 s" }
        try await Task.sleep(for: .milliseconds(100))
        #expect(status.retryNotice == "rate limited, retrying in 30 s")
    }

    @Test func rateLimitRemainingJoinsTheSummary() async {
        let status = NetworkStatus()
        status.updateRateLimitRemaining(42)
        await eventually { status.summary == "42 API requests left" }
        status.report(RetryEvent(attempt: 2, delay: .seconds(5), reason: .status(429, headers: [:])))
        await eventually { status.summary == "rate limited, retrying in 5 s · 42 API requests left" }
    }
}
