import Foundation
import Imaging
import OperatingSystem

/// Lets at most `limit` renders (decode + encode, pure CPU) run at once; the others wait their turn
/// without holding a thread, by their task's priority, then in arrival order: a thumbnail made
/// ahead (`.utility`) never holds up one on screen. A waiter whose task is cancelled leaves the
/// queue at once with `CancellationError`.
final class RenderLimiter: Sendable {
    /// One slot per core, shared by every pipeline in the process.
    static let shared = RenderLimiter(limit: ProcessInfo.processInfo.activeProcessorCount)

    let limit: Int

    private struct Waiter {
        let id: UInt64
        let priority: TaskPriority
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var running = 0
        var waiters: [Waiter] = []
        var nextID: UInt64 = 0
        /// When the last slot was freed, or handed on.
        var lastRelease = ContinuousClock.now
    }

    private let state = Locked(State())

    init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// Runs `body` once a slot is free, on a thread of its own (`DecodeDeadline`), so that a
    /// decode of seconds holds no thread of the cooperative pool. Past `budget` the caller is
    /// answered `ImageError.overBudget` (the cell shows why) and the render is left to finish,
    /// keeping its slot until it does: at most one render per core ever runs, abandoned or not.
    func run<T: Sendable>(within budget: Duration = DecodeBudget.time,
                          _ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await acquire()
        return try await DecodeDeadline.value(within: budget) {
            defer { self.release() }
            return try body()
        }
    }

    /// Slots in use and callers waiting for one.
    var usage: (running: Int, waiting: Int) { state.withLock { ($0.running, $0.waiters.count) } }

    /// Whether no render has run or waited for `quiet`. A moment with none is not enough: the next
    /// renders of a screen are often not yet asked for when the last ones end.
    func isIdle(for quiet: Duration) -> Bool {
        state.withLock { $0.running == 0 && $0.waiters.isEmpty && ContinuousClock.now - $0.lastRelease >= quiet }
    }

    /// Waits for a slot (in arrival order); pair with `release()`.
    func acquire() async throws {
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let granted: Bool? = state.withLock { state in
                    if Task.isCancelled { return nil }
                    guard state.running < limit else {
                        state.waiters.append(Waiter(id: id, priority: Task.currentPriority, continuation: continuation))
                        return false
                    }
                    state.running += 1
                    return true
                }
                switch granted {
                case true?: continuation.resume()
                case nil: continuation.resume(throwing: CancellationError())
                case false?: break
                }
            }
        } onCancel: {
            let waiter = state.withLock { state -> Waiter? in
                guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
                return state.waiters.remove(at: index)
            }
            waiter?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Hands the slot to the next waiter, or frees it.
    func release() {
        let next = state.withLock { state -> Waiter? in
            state.lastRelease = .now
            guard !state.waiters.isEmpty else {
                state.running -= 1
                return nil
            }
            // The first of the most urgent: arrival order among equals.
            let first = state.waiters.indices.max { state.waiters[$0].priority < state.waiters[$1].priority
                || (state.waiters[$0].priority == state.waiters[$1].priority && $0 > $1) }!
            return state.waiters.remove(at: first)
        }
        next?.continuation.resume()
    }
}
