import Dispatch
import OperatingSystem

/// One decode's time budget (`DecodeBudget.time`), in `gallery view` and the app alike. The decode
/// runs on a thread of its own while its caller waits for it; past the deadline the caller is
/// answered `ImageError.overBudget` and goes on, and the decode is left to finish with nobody to
/// read its result. Not a deadline checked inside the decoders: libheif (whose parse of a
/// many-tiled file took 23 s), libtiff and libwebp have no way to be stopped part way, and a child
/// process for every file would cost `gallery view` its start-up of a few milliseconds. What is
/// left running holds its own copy of the file's bytes and at most the memory budget.
public enum DecodeDeadline {
    /// What `work` returns or throws, or `ImageError.overBudget` once `limit` has passed without
    /// it, this thread blocked meanwhile (`gallery view`, one file after another).
    public static func run<Result: Sendable>(within limit: Duration = DecodeBudget.time,
                                             _ work: @escaping @Sendable () throws -> Result) throws -> Result {
        let outcome = Locked<Swift.Result<Result, any Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
        let answer = Answer<Result> { result in
            outcome.withLock { $0 = result }
            done.signal()
        }
        answer.start(within: limit, work)
        done.wait()
        return try outcome.withLock { $0 }!.get()
    }

    /// The same for a task, which is suspended rather than blocking a thread of the cooperative
    /// pool (where a decode running for seconds would hold up every other task; the app's keys are
    /// the main thread's). A task cancelled meanwhile is answered `CancellationError` at once, the
    /// decode left to finish as past the deadline.
    public static func value<Result: Sendable>(within limit: Duration = DecodeBudget.time,
                                               _ work: @escaping @Sendable () throws -> Result) async throws -> Result {
        let answering = Locked<Answer<Result>?>(nil)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Result, any Error>) in
                let answer = Answer<Result> { continuation.resume(with: $0) }
                answering.withLock { $0 = answer }
                answer.start(within: limit, work)
                if Task.isCancelled { answer.give(.failure(CancellationError())) }
            }
        } onCancel: {
            answering.withLock { $0 }?.give(.failure(CancellationError()))
        }
    }

    /// Hands one result to `deliver`, whichever comes first: the work's, the deadline's refusal or
    /// a cancellation. The ones after the first are dropped.
    private static let deadlines = DispatchQueue(label: "gallery.decode-deadlines")

    private final class Answer<Result: Sendable>: Sendable {
        private let deliver: @Sendable (Swift.Result<Result, any Error>) -> Void
        private let given = Locked(false)

        init(_ deliver: @escaping @Sendable (Swift.Result<Result, any Error>) -> Void) {
            self.deliver = deliver
        }

        func give(_ result: Swift.Result<Result, any Error>) {
            let first = given.withLock { given in
                defer { given = true }
                return !given
            }
            if first { deliver(result) }
        }

        /// A queue of its own for the work and one for every deadline: libdispatch gives a private
        /// queue a thread of its own, where the global queues' few threads (one per core) could all
        /// be held by decodes running past their deadlines, and the deadlines would wait for them.
        func start(within limit: Duration, _ work: @escaping @Sendable () throws -> Result) {
            DispatchQueue(label: "gallery.decode", qos: .userInitiated).async { self.give(Swift.Result { try work() }) }
            let (seconds, attoseconds) = limit.components
            let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
            DecodeDeadline.deadlines.asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) {
                self.give(.failure(ImageError.overBudget("not decoded within \(seconds) s; left unfinished")))
            }
        }
    }
}
