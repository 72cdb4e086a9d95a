import Imaging

/// The months or years of a list ordered by date as a source of tiles, what a zoomed-out grid
/// pages through (`z`): one item per section of the list's `Timeline`, in the list's own order
/// (newest first when it is), titled by its period ("Jul 2023") and counting its photos and
/// videos, its picture the section's first item's. A first item the grid zoomed out from had not
/// received (its page not asked for yet) is asked of the list's source by its place.
///
/// Live: each page is cut from the list's timeline as its grid holds it when the page is asked
/// for, so a folder's change, which lists the grid below again first (`LiveFolder` goes up the
/// stack), reaches the tiles when their grid's pages are asked for again.
struct PeriodTileSource: PhotoSource {
    /// Months or years.
    let grouping: TimelineGrouping
    /// The grid zoomed out from: its timeline and the items it received.
    private let list: any DatedList
    /// The source of the list zoomed out from.
    private let listing: any PhotoSource

    /// The tiles of `list`'s timeline cut by `grouping`; the items `list` has received are used as
    /// they are, so their pages are not asked of `listing` again.
    init(of list: any DatedList, by grouping: TimelineGrouping, listing: any PhotoSource) {
        self.grouping = grouping
        self.list = list
        self.listing = listing
    }

    /// The list's sections now.
    @MainActor var sections: [TimelineSection] { list.timeline?.sections(by: grouping) ?? [] }

    func photos(page: Int, perPage: Int) async throws -> [LibraryItem] {
        try await tiles(page: page, perPage: perPage).photos
    }

    /// The tiles of `page`, and how many there are in all.
    private func tiles(page: Int, perPage: Int) async throws -> (photos: [LibraryItem], total: Int) {
        let start = (max(1, page) - 1) * max(1, perPage)
        // The sections and the first items received, read together: one state of the list.
        let (total, shown) = await MainActor.run { [list, grouping] in
            let sections = list.timeline?.sections(by: grouping) ?? []
            let shown = start < sections.count ? Array(sections[start..<min(sections.count, start + perPage)]) : []
            return (sections.count, shown.map { ($0, list.photo(at: $0.indices.lowerBound)) })
        }
        // The first items not received are read at once (a file's header each), not one after another.
        let tiles = try await withThrowingTaskGroup(of: (Int, LibraryItem).self) { group in
            for (offset, (section, first)) in shown.enumerated() {
                group.addTask { (offset, try await tile(of: section, first: first)) }
            }
            var tiles = [LibraryItem?](repeating: nil, count: shown.count)
            for try await (offset, tile) in group { tiles[offset] = tile }
            return tiles.compactMap { $0 }
        }
        return (tiles, total)
    }

    /// The tiles' page, with their count as the feed's total.
    func page(of feed: PhotoFeed, page: Int, perPage: Int) async throws -> PhotoPage {
        let (photos, total) = try await tiles(page: page, perPage: perPage)
        return PhotoPage(photos: photos, isLast: page * perPage >= total, total: total)
    }

    func photo(id: String) async throws -> LibraryItem {
        let sections = await MainActor.run { [list, grouping] in
            (list.timeline?.sections(by: grouping) ?? []).map { ($0, list.photo(at: $0.indices.lowerBound)) }
        }
        for (section, first) in sections {
            let tile = try await tile(of: section, first: first)
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
    @MainActor func index(ofSectionStartingAt index: Int) -> Int? {
        sections.firstIndex { $0.indices.lowerBound == index }
    }

    /// Where the section holding item `index` of the list stands among the tiles.
    @MainActor func index(ofSectionHolding index: Int) -> Int? {
        sections.firstIndex { $0.indices.contains(index) }
    }

    /// The tile of `section`, whose first item the grid below received (`received`) or not.
    private func tile(of section: TimelineSection, first received: LibraryItem?) async throws -> LibraryItem {
        let place = section.indices.lowerBound
        let first: LibraryItem
        if let received {
            first = received
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

/// A list ordered by date as its grid holds it now, what a zoomed-out grid's tiles are cut from.
@MainActor protocol DatedList: AnyObject, Sendable {
    /// Each item's date, in list order; nil while the list has none.
    var timeline: Timeline? { get }
    /// The item at `index`, nil where its page has not arrived.
    func photo(at index: Int) -> LibraryItem?
}

extension PhotosViewModel: DatedList {}
