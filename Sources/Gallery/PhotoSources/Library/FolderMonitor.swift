import Dispatch
import OperatingSystem

/// The changes in watched folders gathered into one batch while they kept coming.
struct FolderChangeBatch: Sendable, Equatable {
    /// Every path created, deleted, moved in or out, or written.
    var paths: Set<FilePath> = []
    /// Files whose writing finished (closed after writing, or moved in whole): a picture shown
    /// for them may be out of date or cut short.
    var completed: Set<FilePath> = []
    /// Folders that appeared.
    var newFolders: Set<FilePath> = []
    /// The kernel dropped changes: everything must be listed again.
    var overflowed = false

    var isEmpty: Bool { paths.isEmpty && !overflowed }

    mutating func add(_ change: FolderChange) {
        paths.insert(change.path)
        switch change.kind {
        case .finishedWriting, .movedIn: completed.insert(change.path)
        case .created, .deleted, .movedOut: break
        }
        if change.isFolder && (change.kind == .created || change.kind == .movedIn) { newFolders.insert(change.path) }
    }

    mutating func merge(_ other: FolderChangeBatch) {
        paths.formUnion(other.paths)
        completed.formUnion(other.completed)
        newFolders.formUnion(other.newFolders)
        overflowed = overflowed || other.overflowed
    }
}

/// Watches folders on the main queue and hands their changes on in batches: a batch goes once
/// no change came for `quiet`, or `longest` after its first change while they keep coming, so
/// copying 500 photos in is a few refreshes, not 500. Remembers the files created and not yet
/// closed after writing, which a listing leaves out until they are complete.
@MainActor final class FolderMonitor {
    /// How long changes are gathered.
    struct Timing: Sendable {
        var quiet: Duration = .milliseconds(250)
        var longest: Duration = .seconds(1)
        /// A file created and never closed after writing (a program keeping it open, a name
        /// linked and the old one removed before its news was read) is listed anyway after this
        /// long; if it was cut short, its close renders it again.
        var writingAtMost: Duration = .seconds(10)
    }

    private let watch: FolderWatch
    private let timing: Timing
    private let onBatch: @MainActor (FolderChangeBatch) -> Void
    private var readSource: (any DispatchSourceRead)?
    private var batch = FolderChangeBatch()
    private var batchStarted: ContinuousClock.Instant?
    private var lastChange: ContinuousClock.Instant?
    private var isCheckScheduled = false
    private var writing: [FilePath: ContinuousClock.Instant] = [:]
    private var isExpiryScheduled = false

    /// Watches `folders` (those that cannot be watched are left out); throws when inotify cannot
    /// start (the user's instances used up).
    init(folders: [FilePath], timing: Timing = Timing(), onBatch: @escaping @MainActor (FolderChangeBatch) -> Void) throws {
        watch = try FolderWatch()
        self.timing = timing
        self.onBatch = onBatch
        self.watch(folders)
        let source = DispatchSource.makeReadSource(fileDescriptor: watch.descriptor.rawValue, queue: .main)
        source.setEventHandler { [weak self] in
            MainActor.assumeIsolated { self?.readChanges() }
        }
        // The descriptor is closed (the watch released) only once the source has let it go.
        source.setCancelHandler { [watch] in _ = watch }
        source.resume()
        readSource = source
    }

    isolated deinit {
        stop()
    }

    /// Stops watching: no batch is handed on from now on.
    func stop() {
        readSource?.cancel()
        readSource = nil
        batch = FolderChangeBatch()
        batchStarted = nil
    }

    /// Watches `folders` too; one that cannot be watched (gone, unreadable, watches used up) is
    /// left out.
    func watch(_ folders: some Sequence<FilePath>) {
        for folder in folders { try? watch.watch(folder) }
    }

    var watchedCount: Int { watch.watchedCount }

    /// Files created and still being written, which a listing should leave out for now.
    var beingWritten: Set<FilePath> { Set(writing.keys) }

    /// The files at `paths` are complete (this app moved them there itself).
    func notWriting(_ paths: some Sequence<FilePath>) {
        for path in paths { writing[path] = nil }
    }

    private func readChanges() {
        guard let (changes, overflowed) = try? watch.readChanges(), !changes.isEmpty || overflowed else { return }
        for change in changes {
            noteWriting(change)
            batch.add(change)
        }
        if overflowed {
            batch.overflowed = true
            writing = [:]
        }
        let now = ContinuousClock.now
        lastChange = now
        if batchStarted == nil { batchStarted = now }
        scheduleCheck(after: timing.quiet)
    }

    private func noteWriting(_ change: FolderChange) {
        switch change.kind {
        case .created:
            // A link, or a second name for a file (`ln`), is complete at once: no close follows.
            guard !change.isFolder, let status = try? FileStatus(path: change.path, followingLinks: false),
                  status.kind == .regular, status.linkCount == 1 else { return }
            writing[change.path] = ContinuousClock.now
            scheduleExpiry(after: timing.writingAtMost)
        case .finishedWriting, .deleted, .movedOut, .movedIn:
            writing[change.path] = nil
        }
    }

    private func scheduleCheck(after delay: Duration) {
        guard !isCheckScheduled else { return }
        isCheckScheduled = true
        DispatchQueue.main.asyncAfter(deadline: .now() + Self.interval(delay)) { [weak self] in
            MainActor.assumeIsolated { self?.deliverIfDue() }
        }
    }

    private func scheduleExpiry(after delay: Duration) {
        guard !isExpiryScheduled else { return }
        isExpiryScheduled = true
        DispatchQueue.main.asyncAfter(deadline: .now() + Self.interval(delay)) { [weak self] in
            MainActor.assumeIsolated { self?.expireWriting() }
        }
    }

    /// Files written for longer than `writingAtMost` are taken as complete, in a batch of their own.
    private func expireWriting() {
        isExpiryScheduled = false
        let now = ContinuousClock.now
        let expired = writing.filter { now - $0.value >= timing.writingAtMost }.keys
        if let oldest = writing.values.filter({ now - $0 < timing.writingAtMost }).min() {
            scheduleExpiry(after: timing.writingAtMost - (now - oldest))
        }
        guard !expired.isEmpty, readSource != nil else { return }
        notWriting(Array(expired))
        var late = FolderChangeBatch()
        for path in expired { late.add(FolderChange(kind: .finishedWriting, path: path)) }
        onBatch(late)
    }

    private static func interval(_ duration: Duration) -> DispatchTimeInterval {
        let (seconds, attoseconds) = duration.components
        return .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
    }

    /// Hands the batch on once changes have stopped for `quiet` or it is `longest` old; else
    /// looks again when one of them will be true.
    private func deliverIfDue() {
        isCheckScheduled = false
        guard let lastChange, let batchStarted else { return }
        let now = ContinuousClock.now
        let untilQuiet = timing.quiet - (now - lastChange)
        let untilLongest = timing.longest - (now - batchStarted)
        guard untilQuiet <= .zero || untilLongest <= .zero else {
            scheduleCheck(after: min(untilQuiet, untilLongest))
            return
        }
        let ready = batch
        batch = FolderChangeBatch()
        self.batchStarted = nil
        self.lastChange = nil
        onBatch(ready)
    }
}
