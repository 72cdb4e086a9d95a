import OperatingSystem

/// A local listing (a folder, a folder's whole tree, or paths given), scanned once at first use
/// and kept, so that pages stay consistent while the user scrolls: folders first, then photos in
/// the chosen order.
final class DirectoryListing: Sendable {
    /// What is listed.
    enum Contents: Sendable, Equatable {
        case folder(String, recursive: Bool)
        case paths([String])
    }

    /// The sorted entries, the note of what was left out, and each entry's place by path.
    struct Sorted: Sendable {
        let entries: [LibraryEntry]
        let note: String?
        let indexByPath: [String: Int]
    }

    let contents: Contents
    let order: PhotoOrder
    let reversed: Bool
    private let dateTaken: DateTaken
    private let cached = Locked<Sorted?>(nil)

    init(contents: Contents, order: PhotoOrder, reversed: Bool, dateTaken: DateTaken) {
        self.contents = contents
        self.order = order
        self.reversed = reversed
        self.dateTaken = dateTaken
    }

    /// The listing, scanned on first use.
    func sorted() throws -> Sorted {
        if let sorted = cached.withLock({ $0 }) { return sorted }
        let scan: LibraryScan
        switch contents {
        case .folder(let path, let recursive): scan = try LibraryScan.folder(path, recursive: recursive)
        case .paths(let paths): scan = LibraryScan.paths(paths)
        }
        let entries = Self.sort(scan.entries, by: order, reversed: reversed, dateTaken: dateTaken)
        let made = Sorted(entries: entries, note: scan.note,
                          indexByPath: Dictionary(entries.enumerated().map { ($1.path, $0) }, uniquingKeysWith: { a, _ in a }))
        // Two first pages may scan at once; the first result kept wins, so both agree from then on.
        return cached.withLock { cached in
            if cached == nil { cached = made }
            return cached ?? made
        }
    }

    func entries() throws -> [LibraryEntry] { try sorted().entries }

    /// Folders first, by name; then photos by `order`, ties broken by name so the order is total.
    /// `reversed` turns both groups around, folders still first.
    static func sort(_ entries: [LibraryEntry], by order: PhotoOrder, reversed: Bool,
                     dateTaken: DateTaken) -> [LibraryEntry] {
        let byName: (LibraryEntry, LibraryEntry) -> Bool = { NaturalOrder.areInIncreasingOrder($0.title, $1.title) }
        let folders = entries.filter { $0.kind == .folder }.sorted(by: byName)
        let photos = entries.filter { $0.kind == .photo }
        let sortedPhotos: [LibraryEntry]
        switch order {
        case .name:
            sortedPhotos = photos.sorted(by: byName)
        case .size:
            sortedPhotos = photos.sorted { $0.size != $1.size ? $0.size < $1.size : byName($0, $1) }
        case .date:
            sortedPhotos = photos.sorted { a, b in
                let (x, y) = ((a.modifiedSeconds, a.modifiedNanoseconds), (b.modifiedSeconds, b.modifiedNanoseconds))
                return x != y ? x < y : byName(a, b)
            }
        case .taken:
            // Read once per file, not once per comparison.
            let keyed = photos.map { (entry: $0, time: dateTaken.seconds($0.path) ?? $0.modifiedSeconds) }
            sortedPhotos = keyed.sorted { $0.time != $1.time ? $0.time < $1.time : byName($0.entry, $1.entry) }.map(\.entry)
        }
        return reversed ? folders.reversed() + sortedPhotos.reversed() : folders + sortedPhotos
    }
}
