import Imaging
import Logging
import OperatingSystem

/// A local listing (a folder, a folder's whole tree, or paths given), scanned once at first use
/// and kept, so that pages stay consistent while the user scrolls: folders first, then photos in
/// the chosen order.
final class DirectoryListing: Sendable {
    /// What is listed.
    enum Contents: Sendable, Equatable {
        case folder(FilePath, recursive: Bool)
        case paths([FilePath])
    }

    /// The sorted entries, the note of what was left out and how much, and each entry's place.
    struct Sorted: Sendable {
        let entries: [LibraryEntry]
        let note: String?
        var skipped = 0
        /// Each entry's place by its path, the first of a path listed twice: keyed by the paths
        /// the entries hold, where keys made as text were 100,000 strings more.
        let places: [FilePath: Int]
        /// Each entry's date, when ordered by date.
        var timeline: Timeline?

        /// The place of the entry whose id (its path as shown) is `id`.
        func index(ofID id: String) -> Int? {
            FilePath(shown: id).flatMap { places[$0] }
        }

        /// Folders are listed first: how many there are.
        var folderCount: Int { entries.prefix { $0.kind == .folder }.count }
        var videoCount: Int { entries.count { $0.kind == .video } }
    }

    let contents: Contents
    let order: PhotoOrder
    let reversed: Bool
    /// The dates shown (`--since`, `--until`); nil: all.
    let dateFilter: DateFilter?
    private let dateTaken: DateTaken
    /// Which photos are listed by their labels.
    let labelFilter: LabelFilter
    private let cached = Locked<Sorted?>(nil)
    /// Entries taken out since the scan (trashed files), by path; they may come back.
    private let hidden = Locked<Set<FilePath>>([])
    /// The scan's entries, with the hidden ones, for when they come back; what it skipped, and the
    /// folders it listed.
    private let scanned = Locked<(entries: [LibraryEntry], note: String?, skipped: Int, folders: [FilePath])?>(nil)
    /// Paths this app moved itself (trashed, restored, renamed) whose news from the folder has not
    /// come yet, with how many pieces of news each is owed: that news is old news, taken once.
    private let ownMoves = Locked<[FilePath: Int]>([:])
    /// Held while the files are walked.
    private let scanning = Locked(())

    init(contents: Contents, order: PhotoOrder, reversed: Bool, dateFilter: DateFilter? = nil, dateTaken: DateTaken,
         labelFilter: LabelFilter = .all) {
        self.contents = contents
        self.order = order
        self.reversed = reversed
        self.dateFilter = dateFilter
        self.dateTaken = dateTaken
        self.labelFilter = labelFilter
    }

    /// The listing, scanned on first use.
    func sorted() throws -> Sorted {
        if let sorted = cached.withLock({ $0 }) { return sorted }
        // One scan at a time: a first page and the folder's watch asking at once share one walk.
        return try scanning.withLock { _ in
            if let sorted = cached.withLock({ $0 }) { return sorted }
            let (entries, scan) = try sortedScan(leavingOut: [])
            scanned.withLock { $0 = (entries, scan.note, scan.skipped, scan.folders) }
            Self.logSkips(of: scan)
            return resort()
        }
    }

    /// Scans the files again and keeps the new listing (the folder changed), without the files at
    /// `leavingOut` (still being written). Entries hidden before are gone from the folder now. The
    /// files skipped were logged at the first scan, not again.
    func relist(leavingOut: Set<FilePath>) throws {
        try scanning.withLock { _ in
            let (entries, scan) = try sortedScan(leavingOut: leavingOut)
            hidden.withLock { $0 = [] }
            scanned.withLock { $0 = (entries, scan.note, scan.skipped, scan.folders) }
            resort()
        }
    }

    /// The folders the listing shows the files of: the folder, and those below it when recursive
    /// (scanned first if need be).
    func folders() throws -> [FilePath] {
        _ = try sorted()
        return scanned.withLock { $0?.folders } ?? []
    }

    private func sortedScan(leavingOut: Set<FilePath>) throws -> ([LibraryEntry], LibraryScan) {
        var scan: LibraryScan
        switch contents {
        case .folder(let path, let recursive): scan = try LibraryScan.folder(path, recursive: recursive, index: dateTaken.index)
        case .paths(let paths): scan = LibraryScan.paths(paths, index: dateTaken.index)
        }
        // Only a filter needs every photo's labels before a page is shown.
        if labelFilter != .all { scan.readLabels() }
        let kept = leavingOut.isEmpty && labelFilter == .all ? scan.entries : scan.entries.filter {
            !leavingOut.contains($0.path) && ($0.kind == .folder || labelFilter.admits($0.labels ?? .none))
        }
        let sorted = Self.sort(kept, by: order, reversed: reversed, dateTaken: dateTaken)
        // What the scan and the sort found out is kept for the next launch, which then opens and
        // reads only files new or changed.
        dateTaken.index?.save()
        guard let dateFilter else { return (sorted, scan) }
        // Folders stay, to be entered. Ordered by date taken, each photo's date was read once, to sort.
        return (sorted.filter { entry in
            guard entry.kind != .folder else { return true }
            if order == .taken, let date = entry.sortDate { return dateFilter.contains(date) }
            return dateFilter.contains(secondsSince1970AsUTC: Self.captureSeconds(of: entry, dateTaken: dateTaken))
        }, scan)
    }

    /// When the photo or video was taken, as wall-clock seconds: what its `LibraryItem.captureDate`
    /// says (its Exif, else its name's, else its modification time on the user's clock), what
    /// `--sort taken` orders by and `--since` / `--until` keep.
    static func captureSeconds(of entry: LibraryEntry, dateTaken: DateTaken) -> Int {
        captureSeconds(of: entry, record: dateTaken.record(of: entry), dateTaken: dateTaken)
    }

    /// The same, given what the file records (`DateTaken.records(of:)`).
    static func captureSeconds(of entry: LibraryEntry, record: TakenRecord, dateTaken: DateTaken) -> Int {
        // A video's recording time needs FFmpeg: its name or its modification time stands for it.
        dateTaken.captureDate(of: entry, record: record)?.date.secondsSince1970AsUTC ?? entry.modifiedSeconds
    }

    /// The scan's entries without the hidden ones, kept for the pages to come.
    @discardableResult
    private func resort() -> Sorted {
        let hiddenPaths = hidden.withLock { $0 }
        guard let (all, note, skipped, _) = scanned.withLock({ $0 }) else { return Sorted(entries: [], note: nil, places: [:]) }
        let entries = hiddenPaths.isEmpty ? all : all.filter { !hiddenPaths.contains($0.path) }
        var made = Sorted(entries: entries, note: note, skipped: skipped, places: Self.places(of: entries))
        if order == .taken || order == .date {
            made.timeline = Timeline(dates: entries.map(\.sortDate), videos: Set(entries.indices.filter { entries[$0].kind == .video }),
                                     isNewestFirst: reversed)
        }
        cached.withLock { $0 = made }
        return made
    }

    private static let logger = Logger(label: "gallery.library")

    /// Each entry's place by its path, the first of a path listed twice (set last, going back):
    /// each path read from its entry in place, not the whole entry copied with its strings.
    private static func places(of entries: [LibraryEntry]) -> [FilePath: Int] {
        var places: [FilePath: Int] = [:]
        places.reserveCapacity(entries.count)
        for place in entries.indices.reversed() { places[entries[place].path] = place }
        return places
    }

    /// Each path the scan left out, with why (the first `LibraryScan.maxSkipReasons`), then how many more.
    private static func logSkips(of scan: LibraryScan) {
        for reason in scan.skipReasons { logger.info("\(reason)") }
        let unnamed = scan.skipped - scan.skipReasons.count
        if unnamed > 0 { logger.info("skipped \(CountText.count(unnamed, "more file"))") }
    }

    /// Takes the entry whose files are `paths` (its own first, then its companions) out of the
    /// pages (`true`: its files went to the trash) or lets it back in its place (`false`).
    func hide(_ paths: [FilePath], _ isHidden: Bool) {
        guard let path = paths.first else { return }
        noteOwnMove(of: paths)
        hidden.withLock { hidden in
            if isHidden { hidden.insert(path) } else { hidden.remove(path) }
        }
        // Listed again while the file was away (the folder changed meanwhile): it must be scanned.
        if !isHidden, scanned.withLock({ $0.map { !$0.entries.contains { $0.path == path } } ?? false }) {
            try? relist(leavingOut: [])
            return
        }
        if scanned.withLock({ $0 != nil }) { resort() }
    }

    /// The file at `old` is at `new` now, shown as `title`, its companions (at `companionsWere`
    /// before) at `companions`: it keeps its place, so the pages already shown stay as they were.
    func rename(_ old: FilePath, to new: FilePath, title: String, companions: [Companion], companionsWere: [FilePath] = []) {
        noteOwnMove(of: [old, new] + companionsWere + companions.map(\.path))
        scanned.withLock { scanned in
            guard var current = scanned, let index = current.entries.firstIndex(where: { $0.path == old }) else { return }
            current.entries[index] = current.entries[index].renamed(to: new, title: title, companions: companions)
            scanned = current
        }
        if scanned.withLock({ $0 != nil }) { resort() }
    }

    /// The photo at `path` has `labels` now, written to `written`, one of its `companions`.
    func relabel(_ path: FilePath, labels: PhotoLabels, companions: [Companion], written: FilePath) {
        noteOwnMove(of: [written])
        scanned.withLock { scanned in
            guard var current = scanned, let index = current.entries.firstIndex(where: { $0.path == path }) else { return }
            current.entries[index].labels = labels
            current.entries[index].companions = companions
            scanned = current
        }
        if scanned.withLock({ $0 != nil }) { resort() }
    }

    func entries() throws -> [LibraryEntry] { try sorted().entries }

    private func noteOwnMove(of paths: [FilePath]) {
        ownMoves.withLock { moves in
            for path in paths { moves[path, default: 0] += 1 }
        }
    }

    /// Whether the folder's news of `path` is of a move this app made (a trash, a restore, a
    /// rename), already shown: true once for each such move, so the app never waits a while to
    /// tell its own changes from others'.
    func takeOwnMove(_ path: FilePath) -> Bool {
        ownMoves.withLock { moves in
            guard let owed = moves[path] else { return false }
            moves[path] = owed > 1 ? owed - 1 : nil
            return true
        }
    }

    /// Folders first, by name; then photos by `order`, ties broken by name so the order is total.
    /// `reversed` turns both groups around, folders still first.
    static func sort(_ entries: [LibraryEntry], by order: PhotoOrder, reversed: Bool,
                     dateTaken: DateTaken) -> [LibraryEntry] {
        // Keys made once per entry, not once per comparison (a date taken read from the file), and
        // places sorted rather than entries: moving 100,000 entries with their strings through a
        // merge sort cost more than the comparisons.
        let primary: [(Int, Int)] = switch order {
        case .name: Array(repeating: (0, 0), count: entries.count)
        case .size: entries.map { ($0.size, 0) }
        case .date: entries.map { ($0.modifiedSeconds, $0.modifiedNanoseconds) }
        // Files without a date taken fall back to their name's, then their modification time.
        case .taken: zip(entries, dateTaken.records(of: entries)).map { entry, record in
            entry.kind == .folder ? (0, 0) : (captureSeconds(of: entry, record: record, dateTaken: dateTaken), 0)
        }
        }
        // By the keys alone first, integers compared with no name read; then each run of equal
        // keys by name. A comparison that read names retained and released their storage, and
        // names tie-break few photos in an order by date (a burst's), all in an order by name.
        var keyed = entries.indices.filter { entries[$0].kind != .folder }.map { (primary[$0].0, primary[$0].1, $0) }
        keyed.sort { $0 < $1 }
        var photos: [Int] = []
        photos.reserveCapacity(keyed.count)
        var start = 0
        while start < keyed.count {
            var end = start + 1
            while end < keyed.count, keyed[end].0 == keyed[start].0, keyed[end].1 == keyed[start].1 { end += 1 }
            if end - start == 1 { photos.append(keyed[start].2) } else { photos += byName(keyed[start..<end].map(\.2), in: entries) }
            start = end
        }
        let folders = byName(entries.indices.filter { entries[$0].kind == .folder }, in: entries)
        let places = reversed ? folders.reversed() + photos.reversed() : folders + photos
        return places.map { place in
            var entry = entries[place]
            // The dates the order compared are the timeline's: wall-clock seconds for the date
            // taken, an instant on the user's clock for the modification time.
            if entry.kind != .folder {
                switch order {
                case .taken: entry.sortDate = PhotoDate(secondsSince1970AsUTC: primary[place].0)
                case .date: entry.sortDate = CaptureDate(modifiedSeconds: entry.modifiedSeconds)?.date
                case .name, .size: break
                }
            }
            return entry
        }
    }

    /// `places` in `entries` ordered by their titles as people order names; the sort is stable, so
    /// titles alike stay in the order given.
    private static func byName(_ places: [Int], in entries: [LibraryEntry]) -> [Int] {
        NaturalOrder.order(places.map { entries[$0].title }).map { places[$0] }
    }
}
