import Dispatch
import Imaging
import OperatingSystem

/// `gallery view`'s time budget for one picture (`DecodeBudget.time`). The decode runs on a thread
/// of its own while this one waits for it; past the deadline this one says so and goes on to
/// the next file, and the decode is left to finish with nobody to read its result. Not a
/// deadline checked inside the decoders: libheif (whose parse of a many-tiled file took 23 s),
/// libtiff and libwebp have no way to be stopped part way, and a child process for every file
/// would cost `gallery view` its start-up of a few milliseconds. What is left running holds
/// its own copy of the file's bytes and at most the memory budget, and ends with the process.
enum DecodeDeadline {
    /// What `work` returns or throws, or `ImageError.overBudget` once `limit` has passed without it.
    static func run<Result: Sendable>(within limit: Duration = DecodeBudget.time,
                                      _ work: @escaping @Sendable () throws -> Result) throws -> Result {
        let outcome = Locked<Swift.Result<Result, any Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global(qos: .userInitiated).async {
            let result = Swift.Result { try work() }
            outcome.withLock { $0 = result }
            done.signal()
        }
        let (seconds, attoseconds) = limit.components
        let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
        guard done.wait(timeout: .now() + .nanoseconds(nanoseconds)) == .success,
              let result = outcome.withLock({ $0 }) else {
            throw ImageError.overBudget("not decoded within \(seconds) s; left unfinished")
        }
        return try result.get()
    }
}
