import OperatingSystem

/// The continuation of one `get`, resumed exactly once no matter whether completion or
/// cancellation comes first, or whether cancellation comes before the continuation exists.
final class ResponseContinuation: Sendable {
    private enum State {
        case idle
        case waiting(CheckedContinuation<HTTPResponse, any Error>)
        case cancelledBeforeStart
        case finished
    }

    private let state = Locked(State.idle)

    /// Stores the continuation. Returns false, having resumed it with `CancellationError`, when the
    /// request was cancelled already and must not start.
    func begin(_ continuation: CheckedContinuation<HTTPResponse, any Error>) -> Bool {
        let cancelled = state.withLock { state in
            guard case .idle = state else {
                state = .finished
                return true
            }
            state = .waiting(continuation)
            return false
        }
        if cancelled { continuation.resume(throwing: CancellationError()) }
        return !cancelled
    }

    /// Resumes with `CancellationError`. Returns true when a started transfer must be removed.
    func cancel() -> Bool {
        let continuation: CheckedContinuation<HTTPResponse, any Error>? = state.withLock { state in
            switch state {
            case .idle:
                state = .cancelledBeforeStart
                return nil
            case .waiting(let continuation):
                state = .finished
                return continuation
            case .cancelledBeforeStart, .finished:
                return nil
            }
        }
        continuation?.resume(throwing: CancellationError())
        return continuation != nil
    }

    /// Resumes with `result` unless the request was resumed already (cancelled).
    func finish(_ result: Result<HTTPResponse, any Error>) {
        take()?.resume(with: result)
    }

    /// Whether nobody waits for the result any more.
    var isFinished: Bool {
        state.withLock { state in
            if case .waiting = state { return false }
            return true
        }
    }

    private func take() -> CheckedContinuation<HTTPResponse, any Error>? {
        state.withLock { state in
            guard case .waiting(let continuation) = state else { return nil }
            state = .finished
            return continuation
        }
    }
}
