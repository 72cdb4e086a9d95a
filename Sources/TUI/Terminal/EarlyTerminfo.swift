import Dispatch
import OperatingSystem

/// The adapted terminfo entry (`AdaptedTerminfo`) of the terminal the app is about to take over,
/// compiled on another thread while the main thread reads the arguments, the configuration and
/// the terminal's replies: `infocmp` and `tic` were a measurable part of the main thread's
/// start-up (BENCHMARKS.md), with the other core idle, and over SSH the probe's round trip hides
/// them whole.
enum EarlyTerminfo {
    private struct Build {
        let name: String
        let done = DispatchSemaphore(value: 0)
        var entry: AdaptedTerminfo?
    }

    private static let build = Locked<Build?>(nil)

    /// Registers, once, the removal of an entry nobody took before the process ends.
    private static let discardedAtExit: Void = CurrentProcess.atExit { EarlyTerminfo.discard() }

    /// Starts compiling the entry for `name` on another thread, unless one is begun and not taken.
    /// Its directory is removed at exit when `take` never took it.
    static func begin(_ name: String) {
        let started = build.withLock { build -> Build? in
            guard build == nil else { return nil }
            build = Build(name: name)
            return build
        }
        guard let started else { return }
        _ = discardedAtExit
        DispatchQueue.global(qos: .userInitiated).async {
            let entry = AdaptedTerminfo(terminal: name)
            build.withLock { $0?.entry = entry }
            started.done.signal()
        }
    }

    /// The entry begun for `name`, once it is made: `.some(nil)` when it could not be made, nil
    /// when none was begun for that name. A build for another name is discarded.
    static func take(_ name: String) -> AdaptedTerminfo?? {
        guard let taken = finished() else { return nil }
        guard taken.name == name else {
            taken.entry?.remove()
            return nil
        }
        return .some(taken.entry)
    }

    /// Waits for the build, if one was begun, and takes it out of `build`.
    private static func finished() -> Build? {
        guard let begun = build.withLock({ $0 }) else { return nil }
        begun.done.wait()
        // Signalled once: whoever comes next finds `build` empty and does not wait.
        begun.done.signal()
        return build.withLock { build in
            defer { build = nil }
            return build
        }
    }

    private static func discard() {
        finished()?.entry?.remove()
    }
}
