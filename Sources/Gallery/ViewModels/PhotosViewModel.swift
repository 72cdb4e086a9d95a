import Imaging
public import Observation
public import TerminalEnvironment

/// The photo grid's view model: infinite scroll over a `PhotoSource` and per-photo thumbnail
/// loads that start when an item is displayed and are cancelled when it leaves the screen.
///
/// Loads are keyed by photo id (indices move), rendered thumbnails are cached by content
/// (id, cell size, render mode), and results of cancelled or outdated loads are dropped.
@MainActor
@Observable
public final class PhotosViewModel: PhotosViewModelProtocol {
    // MARK: Outputs
    public private(set) var photos: [Photo] = []
    public private(set) var thumbnails: [String: ThumbnailState] = [:]
    public private(set) var errorMessage: String?
    public private(set) var thumbnailColumns = 24
    public private(set) var thumbnailRows = 8
    private var pagination: Pagination

    public var isLoadingFirstPage: Bool { pagination.loadingPage == 1 }
    public var isLoadingMore: Bool { (pagination.loadingPage ?? 1) > 1 }
    public var reachedEnd: Bool { pagination.reachedEnd }
    /// Photos per page asked of the source.
    public var perPage: Int { pagination.perPage }
    /// Whether the source can search (else `/` says so).
    public var canSearch: Bool { source.supportsSearch }
    /// Bumped when `refresh` replaced the list: indices no longer mean the same photos.
    public private(set) var feedGeneration = 0
    /// The marked photos (Space, `v`), by id: they stay marked while they scroll out of view.
    public private(set) var markedIDs: Set<String> = []
    /// Bumped when photos left the list, came back or were renamed: indices moved.
    public private(set) var listEdits = 0

    public var statusText: String {
        if isLoadingFirstPage { return "Fetching…" }
        if let errorMessage { return errorMessage }
        let count = "\(photos.count) photo\(photos.count == 1 ? "" : "s")"
        if isLoadingMore { return "\(count) · loading more…" }
        return reachedEnd ? "\(count) · end" : count
    }

    /// Network news for the status bar, such as a retry under way or the API quota left.
    public var notice: String? { networkStatus?.summary }

    @ObservationIgnored public weak var coordinator: (any PhotosViewModelCoordinating)?

    // MARK: Dependencies and bookkeeping
    @ObservationIgnored private let source: any PhotoSource
    /// The list this grid pages through.
    public let feed: PhotoFeed
    @ObservationIgnored private let pipeline: ThumbnailPipeline
    @ObservationIgnored private let cache: ThumbnailCache
    @ObservationIgnored private let networkStatus: NetworkStatus?
    @ObservationIgnored private let renderMode: RenderMode
    @ObservationIgnored private var didLoad = false
    @ObservationIgnored private var pageFailed = false
    @ObservationIgnored private var photoIndex: [String: Int] = [:]
    /// Ids between `willDisplay` and `didEndDisplaying`.
    @ObservationIgnored private var visibleIDs: Set<String> = []
    @ObservationIgnored private var loads: [String: ThumbnailLoad] = [:]
    @ObservationIgnored private var pageTask: Task<Void, Never>?
    @ObservationIgnored private var nextGeneration = 0
    /// Photos that left (to the trash): pages listed before they left must not bring them back.
    @ObservationIgnored private var removedIDs: Set<String> = []

    /// - Parameters:
    ///   - renderMode: names the renderer's output in cache keys, so modes never mix.
    ///   - perPage: page size asked of the source; a shorter page ends the feed.
    ///   - cache: may be shared with other view models.
    ///   - networkStatus: the app's retry and rate-limit news, shown as `notice`.
    public init(source: any PhotoSource, loader: any ImageLoading, renderer: any ThumbnailRendering,
                renderMode: RenderMode, perPage: Int = 30, cache: ThumbnailCache, feed: PhotoFeed = .all,
                networkStatus: NetworkStatus? = nil) {
        self.networkStatus = networkStatus
        self.source = source
        self.feed = feed
        self.pipeline = ThumbnailPipeline(source: source, loader: loader, renderer: renderer)
        self.renderMode = renderMode
        self.pagination = Pagination(perPage: perPage)
        self.cache = cache
    }

    deinit {
        pageTask?.cancel()
        for load in loads.values { load.task.cancel() }
    }

    // MARK: Inputs
    public func viewDidLoad() {
        guard !didLoad else { return }
        didLoad = true
        loadNextPage()
    }

    public func willDisplay(index: Int) {
        guard photos.indices.contains(index) else { return }
        let photo = photos[index]
        visibleIDs.insert(photo.id)
        showThumbnail(of: photo)
        if index == photos.count - 1 { loadNextPage() }
    }

    public func didEndDisplaying(index: Int) {
        guard photos.indices.contains(index) else { return }
        let id = photos[index].id
        visibleIDs.remove(id)
        cancelLoad(of: id)
        thumbnails[id] = nil
    }

    public func didSelect(index: Int) {
        guard photos.indices.contains(index) else { return }
        coordinator?.photosViewModel(self, didSelect: photos[index])
    }

    public func didReachBottom() {
        guard didLoad else { return }
        loadNextPage()
    }

    public func setThumbnailSize(columns: Int, rows: Int) {
        guard columns > 0, rows > 0, (columns, rows) != (thumbnailColumns, thumbnailRows) else { return }
        for id in loads.keys { cancelLoad(of: id) }
        thumbnails = [:]
        thumbnailColumns = columns
        thumbnailRows = rows
        for photo in visiblePhotos { showThumbnail(of: photo) }
    }

    /// Retries what failed (the page, visible thumbnails); when nothing did, refreshes the feed.
    public func retry() {
        let failedPhotos = visiblePhotos.filter { if case .failed = thumbnails[$0.id] { true } else { false } }
        guard pageFailed || !failedPhotos.isEmpty else {
            refresh()
            return
        }
        if pageFailed { loadNextPage() }
        for photo in failedPhotos { showThumbnail(of: photo) }
    }

    /// Drops the list and loads it again from page 1 (the cache keeps rendered thumbnails).
    public func refresh() {
        pageTask?.cancel()
        pageTask = nil
        for id in loads.keys { cancelLoad(of: id) }
        photos = []
        photoIndex = [:]
        thumbnails = [:]
        visibleIDs = []
        pagination = Pagination(perPage: pagination.perPage)
        pageFailed = false
        errorMessage = nil
        feedGeneration += 1
        loadNextPage()
    }

    public func search(_ query: String) {
        let trimmed = query.trimmingWhitespace()
        guard !trimmed.isEmpty else { return }
        coordinator?.photosViewModel(self, didRequestSearch: trimmed)
    }

    public func close() {
        pageTask?.cancel()
        for id in loads.keys { cancelLoad(of: id) }
        coordinator?.photosViewModelDidClose(self)
    }

    /// The photo `offset` places from the one with `id` (+1 next, -1 previous), loading pages until
    /// it is listed; nil before the first photo, after the end, or when a page fails.
    public func photo(adjacentTo id: String, offset: Int) async -> Photo? {
        guard let index = photoIndex[id] else { return nil }
        let target = index + offset
        guard target >= 0 else { return nil }
        let generation = feedGeneration
        while target >= photos.count {
            guard !pagination.reachedEnd else { return nil }
            loadNextPage()
            guard let task = pageTask else { return nil }
            await task.value
            guard generation == feedGeneration, !pageFailed else { return nil }
        }
        return photos[target]
    }

    // MARK: Pages
    private func loadNextPage() {
        guard let page = pagination.begin() else { return }
        pageFailed = false
        errorMessage = nil
        let source = self.source
        let feed = self.feed
        let perPage = pagination.perPage
        let generation = feedGeneration
        pageTask = Task { [weak self] in
            let result: Result<PhotoPage, any Error>
            do {
                result = .success(try await feed.page(page, perPage: perPage, from: source))
            } catch {
                result = .failure(error)
            }
            self?.finishPage(page, generation: generation, with: result)
        }
    }

    private func finishPage(_ page: Int, generation: Int, with result: Result<PhotoPage, any Error>) {
        // A page of the list `refresh` dropped.
        guard generation == feedGeneration else { return }
        pageTask = nil
        switch result {
        case .success(let received):
            pagination.succeed(page: page, count: received.photos.count, isLast: received.isLast)
            append(received.photos)
        case .failure(let error):
            pagination.fail(page: page)
            pageFailed = true
            errorMessage = ErrorMessage.text(for: error)
        }
    }

    /// Appends the photos not already listed: feeds shift while paging, so pages can overlap.
    private func append(_ received: [Photo]) {
        var newPhotos: [Photo] = []
        for photo in received where photoIndex[photo.id] == nil && !removedIDs.contains(photo.id) {
            photoIndex[photo.id] = photos.count + newPhotos.count
            newPhotos.append(photo)
        }
        photos.append(contentsOf: newPhotos)
    }

    // MARK: Marks and edits
    /// Marks the photo at `index`, or unmarks it.
    public func toggleMark(at index: Int) {
        guard photos.indices.contains(index) else { return }
        let id = photos[index].id
        if markedIDs.remove(id) == nil { markedIDs.insert(id) }
    }

    /// Marks the listed photos that were not marked, and unmarks the others.
    public func invertMarks() {
        let marked = markedIDs
        markedIDs = Set(photos.lazy.map(\.id).filter { !marked.contains($0) })
    }

    /// The marked photos, in list order.
    public var markedPhotos: [Photo] { photos.filter { markedIDs.contains($0.id) } }

    /// Takes the photos with `ids` out of the list (and their marks); returns them with the places
    /// they had, first place first.
    func removePhotos(withIDs ids: Set<String>) -> [(photo: Photo, index: Int)] {
        // Kept out of pages still to come too, listed here or not.
        removedIDs.formUnion(ids)
        let removed = photos.enumerated().filter { ids.contains($0.element.id) }.map { (photo: $0.element, index: $0.offset) }
        guard !removed.isEmpty else { return [] }
        for (photo, _) in removed { forget(photo.id) }
        photos.removeAll { ids.contains($0.id) }
        listChanged()
        return removed
    }

    /// Lets a removed photo back: at the place `removePhotos` gave it, or, when this list did not
    /// show it, into pages still to come.
    func putBack(_ photo: Photo, at index: Int?) {
        removedIDs.remove(photo.id)
        guard let index, photoIndex[photo.id] == nil else { return }
        photos.insert(photo, at: min(index, photos.count))
        listChanged()
    }

    /// `old` is `new` now (a renamed file), in the same place and as marked as it was.
    func replace(_ old: Photo, with new: Photo) {
        guard let index = photoIndex[old.id] else { return }
        let wasMarked = markedIDs.contains(old.id)
        forget(old.id)
        if wasMarked { markedIDs.insert(new.id) }
        removedIDs.remove(new.id)
        photos[index] = new
        listChanged()
    }

    private func forget(_ id: String) {
        cancelLoad(of: id)
        thumbnails[id] = nil
        visibleIDs.remove(id)
        markedIDs.remove(id)
    }

    /// Indices moved: the index is rebuilt and the grid told to show the list again.
    private func listChanged() {
        photoIndex = Dictionary(photos.enumerated().map { ($0.element.id, $0.offset) }, uniquingKeysWith: { first, _ in first })
        listEdits += 1
    }

    // MARK: Thumbnails
    private var visiblePhotos: [Photo] {
        visibleIDs.compactMap { photoIndex[$0].map { photos[$0] } }
    }

    private func key(for id: String) -> ThumbnailKey {
        ThumbnailKey(photoID: id, columns: thumbnailColumns, rows: thumbnailRows, renderMode: renderMode)
    }

    /// Shows the cached thumbnail, or starts loading it unless a load is already running.
    private func showThumbnail(of photo: Photo) {
        let key = key(for: photo.id)
        if let cached = cache.thumbnail(for: key) {
            thumbnails[photo.id] = .loaded(cached)
            return
        }
        guard loads[photo.id] == nil, thumbnails[photo.id]?.thumbnail == nil else { return }
        nextGeneration += 1
        let generation = nextGeneration
        let pipeline = self.pipeline
        let task = Task { [weak self] in
            let result: Result<RenderedPicture, any Error>
            do {
                result = .success(try await pipeline.thumbnail(
                    for: photo, columns: key.columns, rows: key.rows, fit: .crop))
            } catch {
                result = .failure(error)
            }
            self?.finishLoad(of: photo.id, generation: generation, with: result)
        }
        loads[photo.id] = ThumbnailLoad(generation: generation, key: key, task: task)
        thumbnails[photo.id] = .loading
    }

    private func finishLoad(of id: String, generation: Int, with result: Result<RenderedPicture, any Error>) {
        // A load that was cancelled (item hidden, size changed) or replaced is no longer in
        // `loads` under its generation: its result is stale.
        guard let load = loads[id], load.generation == generation else { return }
        loads[id] = nil
        switch result {
        case .success(let thumbnail):
            cache.insert(thumbnail, for: load.key)
            thumbnails[id] = .loaded(thumbnail)
        case .failure(let error):
            thumbnails[id] = .failed(ErrorMessage.text(for: error))
        }
    }

    private func cancelLoad(of id: String) {
        loads.removeValue(forKey: id)?.task.cancel()
    }
}

/// A running thumbnail load: its task, and what it was started for.
private struct ThumbnailLoad {
    let generation: Int
    let key: ThumbnailKey
    let task: Task<Void, Never>
}
