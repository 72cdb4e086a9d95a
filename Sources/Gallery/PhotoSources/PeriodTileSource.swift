import Imaging

/// The months or years of a list ordered by date as a source of tiles, what a zoomed-out grid
/// pages through (`z`): one item per section of the list's `Timeline`, in the list's own order
/// (newest first when it is), titled by its period ("Jul 2023") and counting its items, its picture
/// the section's first item's. A first item the grid zoomed out from had not received (its page
/// not asked for yet) is asked of the list's source by its place.
///
/// A snapshot: the sections are the timeline's when the grid zoomed out.
struct PeriodTileSource: PhotoSource {
    /// Months or years.
    let grouping: TimelineGrouping
    let sections: [TimelineSection]
    /// The source of the list zoomed out from.
    private let listing: any PhotoSource
    /// The sections' first items that the grid zoomed out from had received, by their place.
    private let received: [Int: LibraryItem]

    /// The tiles of `timeline` cut by `grouping`; `item(at:)` gives the items the grid over
    /// `listing` has received, so their pages are not asked for again.
    init(timeline: Timeline, grouping: TimelineGrouping, listing: any PhotoSource, item: (Int) -> LibraryItem?) {
        self.grouping = grouping
        sections = timeline.sections(by: grouping)
        self.listing = listing
        received = Dictionary(sections.compactMap { section in
            item(section.indices.lowerBound).map { (section.indices.lowerBound, $0) }
        }, uniquingKeysWith: { first, _ in first })
    }

    func photos(page: Int, perPage: Int) async throws -> [LibraryItem] {
        let start = (max(1, page) - 1) * max(1, perPage)
        guard start < sections.count else { return [] }
        let shown = Array(sections[start..<min(sections.count, start + perPage)])
        // The first items not received are read at once (a file's header each), not one after another.
        return try await withThrowingTaskGroup(of: (Int, LibraryItem).self) { group in
            for (offset, section) in shown.enumerated() {
                group.addTask { (offset, try await tile(of: section)) }
            }
            var tiles = [LibraryItem?](repeating: nil, count: shown.count)
            for try await (offset, tile) in group { tiles[offset] = tile }
            return tiles.compactMap { $0 }
        }
    }

    /// The tiles' page, with their count as the feed's total.
    func page(of feed: PhotoFeed, page: Int, perPage: Int) async throws -> PhotoPage {
        PhotoPage(photos: try await photos(page: page, perPage: perPage), isLast: page * perPage >= sections.count,
                  total: sections.count)
    }

    func photo(id: String) async throws -> LibraryItem {
        for section in sections {
            let tile = try await tile(of: section)
            if tile.id == id { return tile }
        }
        throw GalleryError.unreadableFile(name: id, reason: "no such month")
    }

    /// The first item's picture, as the list's source places it.
    func imageLocation(for photo: LibraryItem, width: Int, height: Int, fit: PictureFit) -> ImageLocation? {
        listing.imageLocation(for: photo, width: width, height: height, fit: fit)
    }

    func attribution(for photo: LibraryItem) -> String? { nil }
    var hasLikes: Bool { false }

    /// Where the section starting at item `index` of the list stands among the tiles.
    func index(ofSectionStartingAt index: Int) -> Int? {
        sections.firstIndex { $0.indices.lowerBound == index }
    }

    /// Where the section holding item `index` of the list stands among the tiles.
    func index(ofSectionHolding index: Int) -> Int? {
        sections.firstIndex { $0.indices.contains(index) }
    }

    private func tile(of section: TimelineSection) async throws -> LibraryItem {
        let place = section.indices.lowerBound
        let first: LibraryItem
        if let known = received[place] {
            first = known
        } else {
            // A page of one: the list's item at `place`, whatever the list's page size.
            guard let asked = try await listing.page(of: .all, page: place + 1, perPage: 1).photos.first else {
                throw GalleryError.unreadableFile(name: section.period.shortTitle, reason: "its photos are no longer listed")
            }
            first = asked
        }
        let tile = PeriodTile(section: section, firstItemID: first.id, coverIsVideo: first.video != nil)
        // The first item's id in the tile's: a cover that changed (the list relisted) is drawn anew.
        var item = LibraryItem(id: "\(grouping.rawValue) \(section.period.shortTitle) \(first.id)", kind: .period(tile),
                               title: section.period.shortTitle, width: first.width, height: first.height,
                               picture: first.picture)
        item.captureDate = first.captureDate
        return item
    }
}
