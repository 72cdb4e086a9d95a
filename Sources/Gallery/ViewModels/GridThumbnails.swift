import Imaging
import TerminalVocabulary

/// A grid's thumbnail loads: those in flight for the items shown, and the renders of the near row
/// made ahead. Part of `PhotosViewModel`'s state, changed only by its update: each task started
/// here ends by sending its answer (`.thumbnailMade`, `.prefetched`) back to it. What each item
/// shows (`shown`, the view model's `thumbnails`) is passed in where a load changes it, so that
/// the bookkeeping of loads and renders ahead never makes the screen draw again.
@MainActor
struct GridThumbnails {
    /// The block of cells each thumbnail is rendered into.
    private(set) var cells = CellSize(columns: 24, rows: 8)
    /// Thumbnails crop the photo to fill the cell, or show all of it inside the cell (`.contain`).
    private(set) var fit: PictureFit

    private let pipeline: ThumbnailPipeline
    private let cache: ThumbnailCache
    private let renderMode: RenderMode
    private let send: @MainActor (GridMessage) -> Void
    private var loads: [String: ThumbnailLoad] = [:]
    /// The photos one row scroll away, and the renders of them under way: made once nothing on
    /// screen is loading, kept in the cache for when they are shown.
    private(set) var near: [LibraryItem] = []
    private var prefetches: [ThumbnailKey: Prefetch] = [:]
    /// Numbers each load, so an answer names the load it answers.
    private var requests = RequestNumbers()

    /// `send` takes the answers of the loads back to the update.
    init(pipeline: ThumbnailPipeline, cache: ThumbnailCache, renderMode: RenderMode, fit: PictureFit,
         send: @escaping @MainActor (GridMessage) -> Void) {
        self.pipeline = pipeline
        self.cache = cache
        self.renderMode = renderMode
        self.fit = fit
        self.send = send
    }

    func key(for id: String) -> ThumbnailKey {
        ThumbnailKey(photoID: id, cells: cells, renderMode: renderMode, fit: fit)
    }

    /// Shows the cached thumbnail, or starts loading it unless a load is already running.
    mutating func show(_ photo: LibraryItem, in shown: inout [String: ThumbnailState]) {
        // An empty folder's tile has no picture to load.
        guard photo.picture != nil else { return }
        let key = key(for: photo.id)
        if let cached = cache.thumbnail(for: key) {
            shown[photo.id] = .loaded(cached)
            return
        }
        guard loads[photo.id] == nil, shown[photo.id]?.thumbnail == nil else { return }
        let request = requests.next()
        let (pipeline, send) = (self.pipeline, self.send)
        // Shown while it was being made ahead: that render is waited for, not started again.
        let prefetch = prefetches.removeValue(forKey: key)
        let task = Task {
            let result: Result<RenderedPicture, any Error>
            do {
                if let made = await prefetch?.task.value {
                    result = .success(made)
                } else {
                    result = .success(try await pipeline.thumbnail(
                        for: photo, cells: key.cells, fit: key.fit))
                }
            } catch {
                result = .failure(error)
            }
            send(.thumbnailMade(id: photo.id, request: request, result))
        }
        loads[photo.id] = ThumbnailLoad(request: request, key: key, task: task)
        shown[photo.id] = .loading
    }

    /// A load's answer: shown and cached, unless the load was cancelled (item hidden, size
    /// changed) or replaced since, when it is stale. Then the near row is made, when nothing on
    /// screen is loading any more.
    mutating func finish(_ id: String, request: Int, with result: Result<RenderedPicture, any Error>,
                         visible: Set<String>, in shown: inout [String: ThumbnailState]) {
        guard let load = loads[id], load.request == request else { return }
        loads[id] = nil
        switch result {
        case .success(let thumbnail):
            cache.insert(thumbnail, for: load.key)
            shown[id] = .loaded(thumbnail)
        case .failure(let error):
            shown[id] = .failed(ErrorMessage.text(for: error))
        }
        prefetchWhenIdle(visible: visible)
    }

    /// Stops item `id`'s load and forgets its state (the cache keeps its picture).
    mutating func forget(_ id: String, in shown: inout [String: ThumbnailState]) {
        loads.removeValue(forKey: id)?.task.cancel()
        shown[id] = nil
    }

    /// Stops every load and forgets every state.
    mutating func forgetAll(in shown: inout [String: ThumbnailState]) {
        for load in loads.values { load.task.cancel() }
        loads = [:]
        shown = [:]
    }

    /// Stops every load and every render ahead (the grid closes).
    func cancelAll() {
        for load in loads.values { load.task.cancel() }
        for prefetch in prefetches.values { prefetch.task.cancel() }
    }

    /// Renders at another size or fit from now on; the states shown are forgotten.
    mutating func change(cells: CellSize? = nil, fit: PictureFit? = nil, in shown: inout [String: ThumbnailState]) {
        forgetAll(in: &shown)
        self.cells = cells ?? self.cells
        self.fit = fit ?? self.fit
    }

    /// The photos likely shown next: made once nothing on screen is loading; the renders of those
    /// no longer near stop.
    mutating func setNear(_ photos: [LibraryItem], visible: Set<String>) {
        near = photos
        let keys = Set(photos.map { key(for: $0.id) })
        for (key, prefetch) in prefetches where !keys.contains(key) {
            prefetch.task.cancel()
            prefetches[key] = nil
        }
        prefetchWhenIdle(visible: visible)
    }

    /// A render ahead ended (in the cache when it worked).
    mutating func prefetched(_ key: ThumbnailKey, request: Int) {
        // Only this one: the photo may have left and come near again, with a new render.
        if prefetches[key]?.request == request { prefetches[key] = nil }
    }

    /// Starts making the near photos' thumbnails once no thumbnail on screen is loading: they must
    /// never hold up one that is shown. A failure is left for the shown photo to meet again.
    private mutating func prefetchWhenIdle(visible: Set<String>) {
        guard loads.isEmpty else { return }
        for photo in near where photo.picture != nil {
            let key = key(for: photo.id)
            guard prefetches[key] == nil, !visible.contains(photo.id), cache.thumbnail(for: key) == nil else { continue }
            let (pipeline, cache, send) = (self.pipeline, self.cache, self.send)
            let request = requests.next()
            let task = Task(priority: .utility) {
                let made = try? await pipeline.thumbnail(for: photo, cells: key.cells, fit: key.fit)
                if let made, !Task.isCancelled { cache.insert(made, for: key) }
                send(.prefetched(key, request: request))
                return made
            }
            prefetches[key] = Prefetch(request: request, task: task)
        }
    }
}

/// A thumbnail made ahead of being shown: its render, and which request it is.
private struct Prefetch {
    let request: Int
    let task: Task<RenderedPicture?, Never>
}

/// A running thumbnail load: its task, and what it was started for.
private struct ThumbnailLoad {
    let request: Int
    let key: ThumbnailKey
    let task: Task<Void, Never>
}
