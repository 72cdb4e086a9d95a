public import Imaging
public import Observation
public import TerminalVocabulary

/// The photo grid's state and its one update: infinite scroll over a `PhotoSource`, the
/// selection, marks, and per-item thumbnail loads that start when an item is displayed and stop
/// when it leaves the screen.
///
/// Every change comes as a `GridMessage` to `update(_:)`, on the main actor: what the grid view
/// reports, what the user asks, what the app did to the files, and what background work answered
/// (each task it starts ends by sending its answer, so there is no other way in). Views read the
/// state and draw it. Loads are keyed by item id (indices move), rendered thumbnails are cached by
/// content (id, cell size, fit, render mode), and answers to requests since dropped are ignored.
@MainActor
@Observable
public final class PhotosViewModel: UpdatedByMessages {
    // MARK: State
    /// The grid's items in feed order: a photo, or nil where its page has not arrived yet. Once
    /// the source tells the feed's total there is one item per photo of the feed, so End reaches
    /// the real last photo; until then (and for sources that never tell) the pages received.
    public var items: PhotoSlots { list.items }
    private var list: GridList
    /// The thumbnails' loads and the near row's renders: bookkeeping no view reads.
    @ObservationIgnored private var thumbnailLoads: GridThumbnails
    /// The image state of the items displayed, by item id.
    public private(set) var thumbnails: [String: ThumbnailState] = [:]
    /// Why the last page request failed, until the next attempt.
    public private(set) var errorMessage: String?
    /// What the source left out, from its latest page ("cannot read folder private").
    public private(set) var sourceNote: String?
    /// How many files the source left out, from its latest page (the status bar's "3 skipped").
    public private(set) var skipped = 0
    /// How many items are folders, from the latest page (a local library lists them first).
    public private(set) var folderCount = 0
    /// How many items of the feed are videos.
    public private(set) var videoCount = 0
    /// The block of cells each thumbnail is rendered into.
    public var thumbnailSize: CellSize { thumbnailLoads.cells }
    /// Thumbnails crop the photo to fill the cell, or show all of it inside the cell (`.contain`).
    public var fit: PictureFit { thumbnailLoads.fit }
    /// A sentence for the status bar about the last message ("folders are not marked").
    public private(set) var note: String?
    private var pagination: Pagination { list.pagination }
    /// What the list did that the grid must follow, in the order it happened, until the view
    /// takes them (`takeListChanges`) when it lays the grid out.
    public private(set) var listChanges: [ListChange] = []
    /// The marked photos (Space, `v`), by path: the flow's one set, so they stay marked while they
    /// scroll out of view and while the user is in another folder.
    public let marks: Marks
    /// Where the selection is: the grid shows it; the user moves it (`.select`).
    public private(set) var selectedIndex = 0
    /// Each item's date, from the latest page that sent one (a listing ordered by date), kept in
    /// step with the list as photos leave and come back: the headings, what `t` jumps on and `z`
    /// zooms out over.
    public private(set) var timeline: Timeline?
    /// The timeline cut by `grouping`: the grid's headings, `[` and `]`.
    public private(set) var sections: [TimelineSection] = []
    /// How the timeline is cut into sections (`--group`).
    public let grouping: TimelineGrouping
    /// The dates of the items that left (the trash), for when they come back.
    @ObservationIgnored private var removedDates: [String: PhotoDate] = [:]

    /// The photos received so far, in feed order.
    public var photos: [LibraryItem] { items.received }
    /// The photo at `index`, nil for a page not loaded yet or outside the list.
    public func photo(at index: Int) -> LibraryItem? { list.item(at: index) }
    /// The image state of the item at `index`, if it is displayed.
    public func thumbnailState(at index: Int) -> ThumbnailState? { photo(at: index).flatMap { thumbnails[$0.id] } }
    /// Photos in the whole feed, when the source said.
    public var total: Int? { pagination.total }
    /// How many pages the feed has, when its total is known.
    public var pageCount: Int? { pagination.pageCount }

    public var isLoadingFirstPage: Bool { pagination.loaded.isEmpty && !pagination.loading.isEmpty }
    public var isLoadingMore: Bool { !pagination.loaded.isEmpty && !pagination.loading.isEmpty }
    public var reachedEnd: Bool { pagination.reachedEnd }
    /// Photos per page asked of the source.
    public var perPage: Int { pagination.perPage }
    /// Whether the source can search (else `/` says so).
    public var canSearch: Bool { source.supportsSearch }
    /// Months or years, when this grid is zoomed out (`z`) to tiles of them; nil for a grid of
    /// photos.
    public var zoomLevel: TimelineGrouping? { (source as? PeriodTileSource)?.grouping }
    /// The source of a zoomed-out grid's tiles.
    var periodTiles: PeriodTileSource? { source as? PeriodTileSource }
    /// The period (month, day or year) of the selected photo, when the grid has sections.
    public var selectedPeriod: DatePeriod? { sections.section(containing: selectedIndex)?.period }
    /// The selected photo, nil on a page not here yet.
    public var selectedPhoto: LibraryItem? { photo(at: selectedIndex) }
    /// The item to keep selected in a new grid over the same folder (another order): the one this
    /// grid still waits to select, else the selected one.
    public var selectionToKeep: String? { wanted?.id ?? selectedPhoto?.id }

    /// "1,512 photos" (the feed's total when known), with what is going on.
    public var statusText: String {
        if isLoadingFirstPage { return "Fetching…" }
        if let errorMessage { return errorMessage }
        let count = CountText.items(total: total ?? items.count, folders: folderCount, videos: videoCount)
        if isLoadingMore { return "\(count) · loading more…" }
        return reachedEnd && total == nil ? "\(count) · end" : count
    }

    /// Network news for the status bar, such as a retry under way or the API quota left.
    public var notice: String? { networkStatus?.summary }

    @ObservationIgnored public weak var coordinator: (any PhotosViewModelCoordinating)?

    // MARK: Dependencies and bookkeeping
    @ObservationIgnored private let source: any PhotoSource
    /// The list this grid pages through.
    public let feed: PhotoFeed
    @ObservationIgnored private let cache: ThumbnailCache
    @ObservationIgnored private let networkStatus: NetworkStatus?
    @ObservationIgnored private var didLoad = false
    @ObservationIgnored private var failedPages: Set<Int> = []
    /// Ids between `willDisplay` and `didEndDisplaying`.
    @ObservationIgnored private var visibleIDs: Set<String> = []
    /// Indices displayed while their page had not arrived: their thumbnails start when it does.
    @ObservationIgnored private var visibleHoles: Set<Int> = []
    /// The places one row scroll away (`.willSoonDisplay`), whose photos are made ahead.
    @ObservationIgnored private var nearIndices: [Int] = []
    /// The places a jump being typed lands on (`.prepareLanding`), made ahead with the near rows.
    @ObservationIgnored private var landingIndices: [Int] = []
    @ObservationIgnored private var pageTasks: [Int: Task<Void, Never>] = [:]
    /// Numbers the lists asked for, so a page's answer names the list it is for.
    @ObservationIgnored private var requests = RequestNumbers()
    /// The request that asked for the list now shown: pages asked for under an earlier one are
    /// for a list dropped since (`refresh`, a folder listed again).
    @ObservationIgnored private var listRequest = 0
    /// The selected photo's id, so it stays selected when the list changes around it.
    @ObservationIgnored private var selectedID: String?
    /// An item to select once the list has it (a grid opened on an item, a refresh keeping the
    /// selection, the page `n` asked for): its id, and its place, selected meanwhile as soon as
    /// the list is that long, until the item is found or its place's page came without it.
    @ObservationIgnored private var wanted: (id: String?, index: Int?)?
    /// Folder tiles whose photos below are being counted, by id: a tile listed again (a live
    /// folder's relisting) comes without its count and is counted again when shown.
    @ObservationIgnored private var countingFolders: Set<String> = []
    /// A jump (`t`) asked for before the first page came, made when it comes.
    @ObservationIgnored private var pendingJump: DateQuery?
    /// Today on the user's clock, for relative words (`yesterday`); tests set their own.
    @ObservationIgnored var today: @Sendable () -> PhotoDate = { DateQuery.today() }
    /// Tests' waits for the state, checked after every update.
    @ObservationIgnored let updates = UpdateWaiters()

    /// - Parameters:
    ///   - renderMode: names the renderer's output in cache keys, so modes never mix.
    ///   - perPage: page size asked of the source; a shorter page ends the feed.
    ///   - cache: may be shared with other view models.
    ///   - networkStatus: the app's retry and rate-limit news, shown as `notice`.
    public init(source: any PhotoSource, loader: any ImageLoading, renderer: any ThumbnailRendering,
                renderMode: RenderMode, perPage: Int = 30, cache: ThumbnailCache, feed: PhotoFeed = .all,
                networkStatus: NetworkStatus? = nil, fit: PictureFit = .gridDefault, grouping: TimelineGrouping = .month,
                marks: Marks = Marks()) {
        self.networkStatus = networkStatus
        self.marks = marks
        self.grouping = grouping
        self.source = source
        self.feed = feed
        self.list = GridList(perPage: perPage)
        self.cache = cache
        let answers = Answers()
        thumbnailLoads = GridThumbnails(
            pipeline: ThumbnailPipeline(source: source, loader: loader, renderer: renderer), cache: cache,
            renderMode: renderMode, fit: fit, send: { answers.viewModel?.update($0) })
        answers.viewModel = self
    }

    /// Where the tasks the state starts send their answers: this view model while it lives.
    @MainActor private final class Answers {
        weak var viewModel: PhotosViewModel?
    }

    isolated deinit {
        for task in pageTasks.values { task.cancel() }
        thumbnailLoads.cancelAll()
    }

    // MARK: The update
    /// Changes the state as `message` says; the one way in.
    public func update(_ message: GridMessage) {
        switch message {
        case .appeared: appear()
        case .willDisplay(let index): willDisplay(index: index)
        case .didEndDisplaying(let index): didEndDisplaying(index: index)
        case .willSoonDisplay(let indices): willSoonDisplay(indices)
        case .prepareLanding(let indices):
            landingIndices = indices
            willSoonDisplay(nearIndices)
        case .shownAfterEdit(let range): shownAfterEdit(range)
        case .reachedBottom: if didLoad { loadNextPage() }
        case .thumbnailSize(let cells): setThumbnailSize(cells)
        case .select(let index):
            wanted = nil
            setSelection(index)
        case .selectWhenListed(let id, let index):
            wanted = (id, index)
            settleSelection()
        case .choose(let index):
            if let photo = photo(at: index) { coordinator?.photosViewModel(self, didSelect: photo) }
        case .fit(let newFit):
            if newFit != fit { reshowThumbnails { $0.change(fit: newFit, in: &$1) } }
            note = "thumbnails: \(fit)"
        case .note(let text): note = text
        case .folderCounted(let id, let count): setPhotosBelow(count, ofFolder: id)
        case .retry: retry()
        case .refresh: refresh()
        case .toggleMark(let index): toggleMark(at: index)
        case .invertMarks: invertMarks()
        case .search(let query):
            let trimmed = query.trimmingWhitespace()
            if !trimmed.isEmpty { coordinator?.photosViewModel(self, didRequestSearch: trimmed) }
        case .jump(let query): jump(to: query)
        case .close: close()
        case .fetch(let index):
            if index < items.count { loadPage(containing: index) } else if total == nil { loadNextPage() }
        case .removed(let ids): remove(ids)
        case .putBack(let photo, let index): putBack(photo, at: index)
        case .renamed(let old, let new): replace(old, with: new)
        case .labelled(let photos):
            for photo in photos { list.update(photo) }
            marks.refresh(photos)
        case .pageArrived(let page, let request, let result): receive(page, request: request, result)
        case .thumbnailMade(let id, let request, let result):
            thumbnailLoads.finish(id, request: request, with: result, visible: visibleIDs, in: &thumbnails)
        case .prefetched(let key, let request): thumbnailLoads.prefetched(key, request: request)
        case .folderListed(let listing): replaceList(with: listing)
        }
        updates.check()
    }


    // MARK: Display
    private func appear() {
        guard !didLoad else { return }
        didLoad = true
        loadNextPage()
    }

    private func willDisplay(index: Int) {
        guard items.indices.contains(index) else { return }
        guard let photo = items[index] else {
            // A hole: its page is fetched by number, and the photos fill in when it arrives.
            visibleHoles.insert(index)
            loadPage(containing: index)
            return
        }
        visibleIDs.insert(photo.id)
        thumbnailLoads.show(photo, in: &thumbnails)
        if let folder = photo.folder, folder.needsCountBelow { countPhotos(below: folder, id: photo.id) }
        if index == items.count - 1 && total == nil { loadNextPage() }
    }

    /// Counts the photos below a folder tile shown, once, off the main thread: a year of months
    /// says how many photos it holds in all.
    private func countPhotos(below folder: PhotoFolder, id: String) {
        guard let files = source as? any LocalPhotoSource, countingFolders.insert(id).inserted else { return }
        Task { [weak self] in
            let count = await Task.detached(priority: .utility) { files.photosBelow(folder) }.value
            self?.update(.folderCounted(id: id, photosBelow: count))
        }
    }

    private func setPhotosBelow(_ count: Int?, ofFolder id: String) {
        countingFolders.remove(id)
        guard let count, let item = list.index(of: id).flatMap(photo(at:)), var folder = item.folder else { return }
        folder.photosBelow = count
        var counted = item
        counted.kind = .folder(folder)
        // The same tile with a longer title: its picture stays.
        list.update(counted)
    }

    private func didEndDisplaying(index: Int) {
        visibleHoles.remove(index)
        guard let id = photo(at: index)?.id else { return }
        visibleIDs.remove(id)
        thumbnailLoads.forget(id, in: &thumbnails)
    }

    private func willSoonDisplay(_ indices: [Int]) {
        nearIndices = indices
        // A near row on a page not yet here (the next page, a row early): that page is asked for.
        for index in madeAhead where items.indices.contains(index) && items[index] == nil {
            loadPage(containing: index)
        }
        thumbnailLoads.setNear(madeAhead.compactMap { photo(at: $0) }, visible: visibleIDs)
    }

    /// The places whose thumbnails are made ahead: the landing of a jump being typed first.
    private var madeAhead: [Int] { landingIndices + nearIndices }

    private func shownAfterEdit(_ range: Range<Int>) {
        let shown = Set(range.compactMap { photo(at: $0)?.id })
        for id in visibleIDs.subtracting(shown) { thumbnailLoads.forget(id, in: &thumbnails) }
        visibleIDs = []
        visibleHoles = []
        for index in range { willDisplay(index: index) }
    }

    private func setThumbnailSize(_ cells: CellSize) {
        guard !cells.isEmpty, cells != thumbnailSize else { return }
        reshowThumbnails { $0.change(cells: cells, in: &$1) }
    }

    /// Drops the visible thumbnails and their loads, applies `change`, and shows them again.
    private func reshowThumbnails(after change: (inout GridThumbnails, inout [String: ThumbnailState]) -> Void) {
        change(&thumbnailLoads, &thumbnails)
        for photo in visiblePhotos { thumbnailLoads.show(photo, in: &thumbnails) }
    }

    // MARK: Selection
    private func setSelection(_ index: Int) {
        selectedIndex = max(0, min(index, items.count - 1))
        selectedID = photo(at: selectedIndex)?.id
    }

    /// The wanted item selected where the list now has it (its place meanwhile, the next page
    /// asked for while the list is shorter than that); else the selected photo kept selected where
    /// it is now (the list changed), or its place when it left.
    private func settleSelection() {
        if let (id, index) = wanted {
            if let id, let found = list.index(of: id) {
                wanted = nil
                setSelection(found)
                return
            }
            if let index {
                if index < items.count {
                    setSelection(index)
                    // Its page came without it (the list changed): its place is what is left.
                    if id == nil || pagination.loaded.contains(pagination.page(containing: index)) { wanted = nil }
                    return
                }
                if pagination.reachedEnd {
                    wanted = nil
                    setSelection(index)
                    return
                }
                if pagination.total == nil { loadNextPage() }
            }
        }
        if let selectedID, let found = list.index(of: selectedID) {
            if found != selectedIndex { selectedIndex = found }
        } else {
            setSelection(selectedIndex)
        }
    }

    // MARK: Retry and refresh
    /// Retries what failed (the page, visible thumbnails); when nothing did, refreshes the feed
    /// where the user is.
    private func retry() {
        let failedPhotos = visiblePhotos.filter { if case .failed = thumbnails[$0.id] { true } else { false } }
        guard !failedPages.isEmpty || !failedPhotos.isEmpty else {
            refresh(around: selectedIndex)
            return
        }
        for page in failedPages.sorted() {
            if pagination.total == nil { loadNextPage() } else { loadPage(page) }
        }
        for photo in failedPhotos { thumbnailLoads.show(photo, in: &thumbnails) }
    }

    /// Drops the list and loads it again from page 1 (the cache keeps rendered thumbnails).
    private func refresh() {
        dropPages()
        list = GridList(perPage: perPage)
        visibleHoles = []
        sourceNote = nil
        folderCount = 0
        videoCount = 0
        setTimeline(nil)
        listChanges.append(.replaced)
        selectedIndex = 0
        selectedID = nil
        wanted = nil
        loadNextPage()
    }

    /// Loads the list again where the user is: with the feed's total known, the page holding item
    /// `index` first and the pages on screen, the list keeping its length meanwhile (holes), so the
    /// grid stays where it was; without it, from page 1 up to `index`. The photo that was at
    /// `index` stays selected where it is found again, or its place when its page came without it.
    private func refresh(around index: Int) {
        let target = (id: photo(at: index)?.id, index: Optional(index))
        guard let total = pagination.total, index < total else {
            refresh()
            wanted = target
            return
        }
        let onScreen = visibleHoles.union(visibleIDs.compactMap(list.index(of:)))
        dropPages()
        list = GridList(perPage: perPage, holes: total)
        wanted = target
        visibleHoles = onScreen
        loadPage(containing: index)
        for shown in onScreen.sorted() { loadPage(containing: shown) }
    }

    /// Forgets the pages in flight or failed, the list's index and the thumbnails shown.
    private func dropPages() {
        for task in pageTasks.values { task.cancel() }
        pageTasks = [:]
        listRequest = requests.next()
        thumbnailLoads.forgetAll(in: &thumbnails)
        visibleIDs = []
        failedPages = []
        errorMessage = nil
    }

    private func close() {
        for task in pageTasks.values { task.cancel() }
        thumbnailLoads.forgetAll(in: &thumbnails)
        coordinator?.photosViewModelDidClose(self)
    }

    // MARK: Pages
    /// The photo `offset` places from the one with `id` (+1 next, -1 previous), loading its page
    /// when needed; nil before the first photo, after the end, or when a page fails.
    public func photo(adjacentTo id: String, offset: Int) async -> LibraryItem? {
        guard let index = list.index(of: id), offset != 0 else { return nil }
        var target = index + offset
        let request = listRequest
        while true {
            guard target >= 0 else { return nil }
            if let item = photo(at: target) {
                // Folder tiles are stepped over: the detail pane shows photos.
                guard item.isMedia else {
                    target += offset.signum()
                    continue
                }
                return item
            }
            let page: Int?
            if target < items.count {
                page = pagination.page(containing: target)
                // Received, yet nothing there: the feed was shorter than it said.
                guard !pagination.loaded.contains(pagination.page(containing: target)) else { return nil }
                update(.fetch(containing: target))
            } else {
                guard !pagination.reachedEnd, total == nil else { return nil }
                update(.fetch(containing: target))
                page = pagination.loadingPage
            }
            guard let page, let task = pageTasks[page] else { return nil }
            await task.value
            guard request == listRequest, !failedPages.contains(page) else { return nil }
        }
    }

    /// The next page in order (a feed without a known total grows at its end).
    private func loadNextPage() {
        guard let page = list.pagination.begin() else { return }
        start(page)
    }

    private func loadPage(containing index: Int) {
        loadPage(pagination.page(containing: index))
    }

    /// Page `page` by number, once the total is known.
    private func loadPage(_ page: Int) {
        guard list.pagination.begin(page: page) else { return }
        start(page)
    }

    private func start(_ page: Int) {
        failedPages.remove(page)
        if failedPages.isEmpty { errorMessage = nil }
        let source = self.source
        let feed = self.feed
        let perPage = pagination.perPage
        let request = listRequest
        pageTasks[page] = Task { [weak self] in
            let result: Result<PhotoPage, any Error>
            do {
                result = .success(try await feed.page(page, perPage: perPage, from: source))
            } catch {
                result = .failure(error)
            }
            self?.update(.pageArrived(page: page, request: request, result))
        }
    }

    private func receive(_ page: Int, request: Int, _ result: Result<PhotoPage, any Error>) {
        // A page of a list dropped since.
        guard request == listRequest else { return }
        pageTasks[page] = nil
        switch result {
        case .success(let received):
            list.pagination.succeed(page: page, count: received.photos.count, isLast: received.isLast, total: received.total)
            takeCounts(of: received)
            if pagination.total == nil {
                list.append(received.photos)
            } else {
                list.place(received.photos, onPage: page)
                showFilledHoles()
            }
            if let timeline = received.timeline, timeline.dates.count == items.count { setTimeline(timeline) }
            settleSelection()
            if let pendingJump { jump(to: pendingJump) }
        case .failure(let error):
            list.pagination.fail(page: page)
            failedPages.insert(page)
            errorMessage = ErrorMessage.text(for: error)
        }
    }

    /// Cells on screen that were waiting for a page show their photos now, and the near row is
    /// made ahead now that its photos are known.
    private func showFilledHoles() {
        let filled = visibleHoles.filter { photo(at: $0) != nil }
        visibleHoles.subtract(filled)
        for index in filled.sorted() { willDisplay(index: index) }
        if madeAhead.compactMap({ photo(at: $0)?.id }) != thumbnailLoads.near.map(\.id) { willSoonDisplay(nearIndices) }
    }

    // MARK: Jump to a date
    /// Selects where `query`'s span begins in the timeline (`Timeline.landing`), loading its page
    /// when it is a hole, and says so when no photo is in the span.
    private func jump(to query: DateQuery) {
        guard let timeline else {
            // The first page, on its way, brings the timeline; a list not ordered by date has none.
            if pagination.loaded.isEmpty {
                pendingJump = query
            } else {
                pendingJump = nil
                note = Self.jumpNeedsDates
            }
            return
        }
        pendingJump = nil
        // Its renders ahead are not stopped: the landing's cells take them over as they show.
        landingIndices = []
        let today = today()
        let range = query.range(today: today)
        let target: Int
        switch timeline.landing(in: range) {
        case .on(let index):
            target = index
            note = nil
        case .after(let index, let date):
            target = index
            note = "no photos \(query.phrase(today: today)); the next is \(date.dayText)"
        case .newest(let index, let date):
            target = index
            note = "no photos since \(range.lowerBound.dayText); the newest is \(date.dayText)"
        case .nothing:
            note = "no dated photos here"
            return
        }
        if target < items.count {
            wanted = nil
            setSelection(target)
            loadPage(containing: target)
        } else {
            update(.selectWhenListed(id: nil, index: target))
        }
    }

    static let jumpNeedsDates = "t jumps to a date in a folder's photos"

    /// The place a jump to `query` selects, nil when the list has no timeline or no dated photo.
    public func landing(of query: DateQuery) -> Int? {
        switch timeline?.landing(in: query.range(today: today())) {
        case .on(let index)?, .after(let index, _)?, .newest(let index, _)?: index
        case .nothing?, nil: nil
        }
    }

    // MARK: Marks and edits
    /// Marks the photo at `index`, or unmarks it. A folder tile is never marked: marks choose
    /// photos (`--pick` prints them, `D` trashes them), and `D` and `R` act on the selected folder
    /// itself; nor is a catalog's photo, which is no file; the status bar says so.
    private func toggleMark(at index: Int) {
        guard let photo = photo(at: index) else { return }
        guard photo.isMedia else {
            note = photo.period == nil ? Self.folderNotMarked : Self.periodNotMarked
            return
        }
        guard Marks.path(of: photo) != nil else {
            note = Self.catalogNotMarked
            return
        }
        marks.toggle(photo)
    }

    static let folderNotMarked = "folders are not marked"
    static let periodNotMarked = "months and years are not marked: Enter goes in to mark their photos"
    static let catalogNotMarked = "only a folder's photos are marked: marks choose files"

    /// Marks the listed photos that were not marked, and unmarks the others; folders stay unmarked,
    /// and so do the marks in other folders.
    private func invertMarks() {
        marks.invert(photos)
    }

    /// Whether `photo` is marked.
    public func isMarked(_ photo: LibraryItem) -> Bool { marks.contains(photo) }

    /// The marked photos in the order marked, but this list's together, in its order, where the
    /// first of them was marked (those of other folders or out of these search results around
    /// them); never a folder, even one listed since under a marked photo's path (the folder changed).
    public var markedPhotos: [LibraryItem] {
        guard !marks.isEmpty else { return [] }
        let listed = photos.filter { $0.isMedia && marks.contains($0) }
        var chosen: [LibraryItem] = []
        var listedTaken = false
        for photo in marks.marked {
            if list.index(of: photo.id) == nil {
                chosen.append(photo)
            } else if !listedTaken {
                chosen += listed
                listedTaken = true
            }
        }
        return listedTaken ? chosen : chosen + listed
    }

    /// The received items with `ids` and their places, first place first (what `.removed` takes
    /// out, for putting them back).
    func places(ofIDs ids: Set<String>) -> [(photo: LibraryItem, index: Int)] { list.places(ofIDs: ids) }

    private func remove(_ ids: Set<String>) {
        // Marked in another folder or not, a photo gone is no longer marked.
        marks.unmark(ids: ids)
        let removed = list.remove(ids)
        guard !removed.isEmpty else { return }
        if let timeline {
            for (photo, index) in removed where timeline.dates.indices.contains(index) {
                removedDates[photo.id] = timeline.dates[index]
            }
            setTimeline(timeline.removing(at: Set(removed.map(\.index))))
        }
        for (photo, _) in removed { forget(photo.id) }
        folderCount -= removed.count { $0.photo.folder != nil }
        listChanged()
    }

    private func putBack(_ photo: LibraryItem, at index: Int?) {
        guard list.putBack(photo, at: index) else { return }
        if let timeline, let index {
            setTimeline(timeline.inserting(removedDates.removeValue(forKey: photo.id) ?? photo.captureDate?.date,
                                           isVideo: photo.video != nil, at: index))
        }
        if photo.folder != nil { folderCount += 1 }
        listChanged()
    }

    private func replace(_ old: LibraryItem, with new: LibraryItem) {
        marks.replace(old, with: new)
        guard list.replace(old, with: new) else { return }
        forget(old.id)
        listChanged()
    }

    private func forget(_ id: String) {
        thumbnailLoads.forget(id, in: &thumbnails)
        visibleIDs.remove(id)
    }

    /// Indices moved (the list was edited): the grid is told to show the list again, keeping the
    /// selected photo selected.
    private func listChanged() {
        visibleHoles = []
        listChanges.append(.edited)
        settleSelection()
    }

    /// Where the photo with `id` stands in the list, if it was received.
    public func index(ofPhotoID id: String) -> Int? { list.index(of: id) }

    /// The list's changes since the view last took them, oldest first; none are left.
    public func takeListChanges() -> [ListChange] {
        guard !listChanges.isEmpty else { return [] }
        defer { listChanges = [] }
        return listChanges
    }

    // MARK: Live folder
    /// The source's files changed and it has listed them again: the pages now holding the photos
    /// on screen (`places` tells where photos are in the new listing, by id) are asked for, and
    /// their answer (`.folderListed`) replaces the list at once, its total following; nothing
    /// blanks meanwhile (unlike `refresh`), and the other pages are asked for again when shown.
    /// Photos still listed keep their thumbnails and marks; those of `rewrittenFiles` (files written
    /// since, such as a copy that finished, or a photo saved again), and the months whose covers
    /// they are, are rendered again. Returns once the list is replaced.
    public func folderDidChange(rewritten rewrittenFiles: Set<String> = [],
                                places: @escaping @Sendable (Set<String>) -> [String: Int] = { _ in [:] }) async {
        guard didLoad else { return }
        // A month's tile is drawn from its first photo's file.
        let covers = items.received.filter { $0.period.map { rewrittenFiles.contains($0.firstItemID) } ?? false }
        let rewritten = rewrittenFiles.union(covers.map(\.id))
        for id in rewritten { cache.removeThumbnails(ofPhotoID: id) }
        guard pagination.total != nil else {
            update(.refresh)
            return
        }
        let request = listRequest
        let visible = visibleIDs
        let moved = await Task.detached { places(visible) }.value.values
        let shown = moved.isEmpty ? Array(visibleIDs.compactMap(list.index(of:))) + visibleHoles : Array(moved)
        let pages = shown.isEmpty ? [1] : Set(shown.map(pagination.page(containing:))).sorted()
        var received: [Int: PhotoPage] = [:]
        for page in pages {
            guard let photos = try? await feed.page(page, perPage: pagination.perPage, from: source) else { return }
            received[page] = photos
        }
        // Marks on photos gone from the pages asked for stay when the photo is still listed; marks
        // in other folders are not this listing's to drop.
        let listed = Set(received.values.flatMap(\.photos).map(\.id))
        var gone: Set<String> = []
        for id in marks.marked.map(\.id) where !listed.contains(id) && list.index(of: id) != nil {
            if (try? await source.photo(id: id)) == nil { gone.insert(id) }
        }
        update(.folderListed(FolderRelisting(pages: received, rewritten: rewritten, goneMarks: gone, listRequest: request)))
    }

    /// What a page says of the whole list: what was left out, how many folders and videos.
    /// Set only when changed: each set is a change observers hear of.
    private func takeCounts(of page: PhotoPage) {
        if page.note != sourceNote { sourceNote = page.note }
        if page.skipped != skipped { skipped = page.skipped }
        if page.folderCount != folderCount { folderCount = page.folderCount }
        if page.videoCount != videoCount { videoCount = page.videoCount }
    }

    private func replaceList(with listing: FolderRelisting) {
        // `refresh` dropped the list meanwhile, or `r` asks for it again.
        guard listing.listRequest == listRequest else { return }
        let perPage = pagination.perPage
        var updated = PhotoSlots()
        updated.resize(to: listing.pages.values.compactMap(\.total).max() ?? items.count)
        for (page, received) in listing.pages {
            for (offset, photo) in received.photos.enumerated() { updated[(page - 1) * perPage + offset] = photo }
        }
        // What was left out may change alone (a text file copied in).
        if let first = listing.pages.values.first { takeCounts(of: first) }
        let listed = Set(updated.received.map(\.id))
        let redrawn = listing.rewritten.intersection(listed)
        marks.unmark(ids: listing.goneMarks)
        // The files' dates may change alone (a file touched), their order with them or not.
        if let timeline = listing.pages.values.lazy.compactMap(\.timeline).first, timeline.dates.count == updated.count {
            setTimeline(timeline)
        }
        // Pages received but not asked for again may be out of date: they must become holes.
        let unchanged = updated == items
        for id in redrawn { thumbnailLoads.forget(id, in: &thumbnails) }
        guard !unchanged else {
            for photo in visiblePhotos where redrawn.contains(photo.id) { thumbnailLoads.show(photo, in: &thumbnails) }
            return
        }
        for photo in items.received where !listed.contains(photo.id) { thumbnailLoads.forget(photo.id, in: &thumbnails) }
        // Pages in flight were asked for before the folder changed.
        for (page, task) in pageTasks {
            task.cancel()
            list.pagination.fail(page: page)
        }
        pageTasks = [:]
        listRequest = requests.next()
        list.replaceAll(with: updated)
        listChanged()
    }

    /// The timeline is `timeline` now, and the sections with it.
    private func setTimeline(_ timeline: Timeline?) {
        guard timeline != self.timeline else { return }
        self.timeline = timeline
        sections = timeline?.sections(by: grouping) ?? []
    }

    // MARK: Thumbnails
    private var visiblePhotos: [LibraryItem] {
        visibleIDs.compactMap { list.index(of: $0).flatMap(list.item(at:)) }
    }

}

/// What happened to a grid's list, for the grid to follow.
public enum ListChange: Equatable, Sendable {
    /// A new list from its first page (`refresh`): the grid starts again at its top.
    case replaced
    /// Photos left, came back or moved (trash, restore, rename, a folder's change): the selected
    /// photo stays selected by id, or its place when it went, and the viewport stays.
    case edited
}
