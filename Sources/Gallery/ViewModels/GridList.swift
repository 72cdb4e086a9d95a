/// A grid's list: its items in feed order (holes where a page has not arrived), the pages asked
/// for and received, where each item stands, and the items that left. Part of `PhotosViewModel`'s
/// state, changed only by its update.
struct GridList {
    /// The items in feed order: a photo, or nil where its page has not arrived yet.
    private(set) var items = PhotoSlots()
    /// The pages asked for, received and failed, and the feed's total once the source told it.
    var pagination: Pagination
    /// Where each received item stands, the first place when one is listed twice.
    private var places: [String: Int] = [:]
    /// Items that left (to the trash): pages listed before they left must not bring them back.
    private var removedIDs: Set<String> = []

    /// An empty list, paged `perPage` at a time.
    init(perPage: Int) {
        pagination = Pagination(perPage: perPage)
    }

    /// A list of `total` holes whose pages are asked for again (a refresh that keeps its length).
    init(perPage: Int, holes total: Int) {
        pagination = Pagination(perPage: perPage, total: total)
        items.resize(to: total)
    }

    /// Where the item with `id` stands, if it was received.
    func index(of id: String) -> Int? { places[id] }

    /// The item at `index`, nil for a hole or outside the list.
    func item(at index: Int) -> LibraryItem? { items.indices.contains(index) ? items[index] : nil }

    /// The received items with `ids` and their places, first place first.
    func places(ofIDs ids: Set<String>) -> [(photo: LibraryItem, index: Int)] {
        items.receivedWithIndices.filter { ids.contains($0.photo.id) }.map { (photo: $0.photo, index: $0.index) }
    }

    /// Appends the items not already listed: feeds shift while paging, so pages can overlap.
    mutating func append(_ received: [LibraryItem]) {
        var newItems: [LibraryItem] = []
        for item in received where places[item.id] == nil && !removedIDs.contains(item.id) {
            places[item.id] = items.count + newItems.count
            newItems.append(item)
        }
        items.append(contentsOf: newItems)
    }

    /// Puts a numbered page's items in their places, first making the list as long as the feed's
    /// total (holes where pages have not arrived).
    mutating func place(_ received: [LibraryItem], onPage page: Int) {
        var updated = items
        let total = pagination.total ?? updated.count
        let shortened = updated.count > total
        updated.resize(to: total)
        let start = (page - 1) * pagination.perPage
        for (offset, item) in received.enumerated() where start + offset < updated.count {
            let index = start + offset
            if let old = updated[index], places[old.id] == index { places[old.id] = nil }
            updated[index] = item
            if places[item.id] == nil { places[item.id] = index }
        }
        items = updated
        if shortened { reindex() }
    }

    /// Takes the items with `ids` out, and out of pages still to come; returns those that were
    /// listed, with the places they had.
    mutating func remove(_ ids: Set<String>) -> [(photo: LibraryItem, index: Int)] {
        removedIDs.formUnion(ids)
        let removed = places(ofIDs: ids)
        guard !removed.isEmpty else { return [] }
        items.removeAll { ids.contains($0.id) }
        edited()
        return removed
    }

    /// Lets a removed item back: at `index`, or, when it was not listed here, into pages still to
    /// come. True when the list changed.
    mutating func putBack(_ item: LibraryItem, at index: Int?) -> Bool {
        removedIDs.remove(item.id)
        guard let index, places[item.id] == nil else { return false }
        items.insert(item, at: min(index, items.count))
        edited()
        return true
    }

    /// `old` is `new` now (a renamed file), in the same place. False when `old` was not listed.
    mutating func replace(_ old: LibraryItem, with new: LibraryItem) -> Bool {
        guard let index = places[old.id] else { return false }
        removedIDs.remove(new.id)
        items[index] = new
        edited()
        return true
    }

    /// `item` replaces the listed item of the same id, in its place (a folder tile counted below).
    mutating func update(_ item: LibraryItem) {
        guard let index = places[item.id] else { return }
        items[index] = item
    }

    /// The whole list is `updated` now (a folder listed again).
    mutating func replaceAll(with updated: PhotoSlots) {
        items = updated
        edited()
    }

    /// Indices moved: the places are worked out again. With a known total, the total follows the
    /// list, and a page with a hole now (its items shifted) is fetched again when shown; the
    /// source's listing has changed the same way.
    private mutating func edited() {
        reindex()
        guard pagination.total != nil else { return }
        let perPage = pagination.perPage
        let complete = stride(from: 0, to: items.count, by: perPage).enumerated().compactMap { page, start in
            items.isFull(start..<min(items.count, start + perPage)) ? page + 1 : nil
        }
        pagination.listEdited(total: items.count, completePages: Set(complete))
    }

    private mutating func reindex() {
        places = [:]
        for (index, item) in items.receivedWithIndices where places[item.id] == nil { places[item.id] = index }
    }
}
