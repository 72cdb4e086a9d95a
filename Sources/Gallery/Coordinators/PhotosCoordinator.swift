import OperatingSystem

/// Shows the grid, pushes a results grid for each search and a detail coordinator for the photo
/// the user picks; popping a results grid leaves the grid below exactly as it was. In a local
/// library it also walks folders (a folder tile opens its folder, the way up comes back with it
/// selected) and changes the order, each time with a new grid over a new listing.
///
/// `z` pushes a grid of the list's months over it (and from there one of its years), each a grid
/// of `PeriodTileSource`'s tiles; Enter on a month pops them and selects the month's first photo,
/// on a year pops the years and selects its first month; Esc closes a zoomed-out grid as it closes
/// search results.
@MainActor final class PhotosCoordinator: PhotosViewModelCoordinating, LibraryBrowsing, TimelineZooming {
    private let navigator: Navigator
    /// The services; `source` and `sourceName` change as the user walks through folders.
    private var environment: AppEnvironment
    /// The listings folders were entered from, with the id of the folder entered and how many
    /// changes the file actions had made then, for the way back.
    private var trail: [(source: DirectorySource, folderID: String, changes: Int)] = []
    /// `o` `d` `y` and their status messages, shared by every scene of this flow.
    let actions: PhotoActions
    /// `D` `C` `M` `u` `R` and the user's commands on a folder's files, for every grid of this flow.
    private(set) lazy var fileActions: PhotoFileActions = {
        let actions = PhotoFileActions(
            files: { [weak self] in self?.environment.source as? any LocalPhotoSource }, trash: environment.trash,
            grids: { [weak self] in self?.grids.map(\.viewModel) ?? [] }, runInTerminal: environment.runInTerminal,
            home: XDGDirectories(environment: environment.processEnvironment).home.description)
        actions.relistShownFolder = { [weak self] in self?.liveFolder?.relist() }
        return actions
    }()
    /// The marked photos, in every folder the user walks through: above each folder's grid.
    let marks = Marks()
    private var children: [PhotoDetailCoordinator] = []
    /// The grids on the stack: the main feed first, then search results and zoomed-out grids.
    private(set) var grids: [(viewModel: PhotosViewModel, view: PhotosView)] = []
    /// `z` in a grid not ordered by date: the zoom waits for the grid ordered by date taken.
    private var pendingZoom: Task<Void, Never>?
    /// The folder shown, watched: its grids follow its files.
    private(set) var liveFolder: LiveFolder?

    /// The main feed's view model.
    var viewModel: PhotosViewModel? { grids.first?.viewModel }

    init(navigator: Navigator, environment: AppEnvironment) {
        self.navigator = navigator
        self.environment = environment
        actions = PhotoActions(opener: environment.opener, downloader: environment.downloader,
                               clipboard: environment.clipboard, files: environment.source as? any LocalPhotoSource,
                               noWebPageReason: environment.source.noWebPageReason)
    }

    /// Shows the main grid; with `environment.openPhotoID`, selects that photo and opens it.
    func start() {
        showGrid(of: .all)
        watchFolder()
        guard let id = environment.openPhotoID else { return }
        select(id)
        // A picker shows the photo selected in its grid, where Enter chooses it.
        guard environment.picker == nil else { return }
        let source = environment.source
        Task { [weak self] in
            guard let photo = try? await source.photo(id: id), let self, let viewModel = self.viewModel else { return }
            self.photosViewModel(viewModel, didSelect: photo)
        }
    }

    /// Selects the item with `id` in the main grid once its place is listed.
    private func select(_ id: String) {
        guard let index = library?.index(ofID: id) else { return }
        grids.first?.viewModel.update(.selectWhenListed(id: id, index: index))
    }

    /// Pushes a grid of `feed` from `source` (the environment's; a zoomed-out grid's tiles).
    @discardableResult
    private func showGrid(of feed: PhotoFeed, from source: (any PhotoSource)? = nil) -> PhotosViewModel {
        let viewModel = PhotosViewModel(
            source: source ?? environment.source, loader: environment.loader, renderer: environment.renderer,
            renderMode: environment.renderMode, perPage: environment.perPage,
            cache: environment.cache, feed: feed, networkStatus: environment.networkStatus,
            fit: grids.last?.viewModel.fit ?? environment.thumbnailFit, grouping: environment.grouping, marks: marks)
        viewModel.coordinator = self
        // A month's tile is no file: `D` and `R` say so rather than act on its cover.
        let view = PhotosView(viewModel: viewModel, navigator: navigator, environment: environment, actions: actions,
                              fileActions: source == nil ? fileActions : nil)
        if source == nil { view.library = self }
        view.zoom = self
        grids.append((viewModel, view))
        navigator.push(view)
        viewModel.update(.appeared)
        if grids.count == 1, let note = environment.startNote { viewModel.update(.note(note)) }
        return viewModel
    }

    private func grid(of viewModel: PhotosViewModel) -> (viewModel: PhotosViewModel, view: PhotosView)? {
        grids.first { $0.viewModel === viewModel }
    }

    func photosViewModel(_ viewModel: PhotosViewModel, didSelect photo: LibraryItem) {
        // A folder tile opens its folder; it is never a photo to pick or show.
        if photo.folder != nil {
            if let library { enter(photo, from: library) }
            return
        }
        if let tile = photo.period {
            zoomIn(to: tile, from: viewModel)
            return
        }
        if let picker = environment.picker, let files = environment.source as? any LocalPhotoSource {
            // A mark in a folder not shown outlives its file when another program deletes it:
            // only files still there are printed.
            let marked = (grid(of: viewModel)?.viewModel.markedPhotos ?? [])
                .filter { (try? FileStatus(path: files.filePath(of: $0), followingLinks: false)) != nil }
            picker.choose((marked.isEmpty ? [photo] : marked).flatMap(files.pickedPaths))
            return
        }
        let origin = grid(of: viewModel)
        let child = PhotoDetailCoordinator(photo: photo, navigator: navigator, environment: environment,
                                           actions: actions, fileActions: fileActions, neighbours: origin?.viewModel)
        child.onFinish = { [weak self, weak child, weak view = origin?.view] lastPhoto in
            self?.children.removeAll { $0 === child }
            // Stepping with ←/→ moves the grid's selection along.
            view?.reveal(photoID: lastPhoto.id)
        }
        children.append(child)
        child.start()
    }

    func photosViewModel(_ viewModel: PhotosViewModel, didRequestSearch query: String) {
        showGrid(of: .search(query))
    }

    func photosViewModelDidClose(_ viewModel: PhotosViewModel) {
        // The main feed stays: only results grids close.
        guard let index = grids.firstIndex(where: { $0.viewModel === viewModel }), index > 0 else { return }
        navigator.pop(grids[index].view)
        grids.removeSubrange(index...)
    }

    // MARK: - Library

    /// Watches the folder shown (none for a web catalog or a list of paths).
    private func watchFolder() {
        liveFolder?.stop()
        liveFolder = library.flatMap { LiveFolder(source: $0, grids: { [weak self] in self?.grids.map(\.viewModel) ?? [] }) }
    }

    private var library: DirectorySource? { environment.source as? DirectorySource }

    var orderLabel: String? { library.map { $0.order.label(reversed: $0.reversed) } }

    func cycleOrder(selecting id: String?) {
        guard let library else { return }
        show(library.reordered(library.order.next, reversed: library.reversed), selecting: id)
    }

    func reverseOrder(selecting id: String?) {
        guard let library else { return }
        show(library.reordered(library.order, reversed: !library.reversed), selecting: id)
    }

    var isOrderedByDate: Bool? { library.map { $0.order == .date || $0.order == .taken } }

    func orderByDate(thenJumpTo query: DateQuery) {
        guard let library else { return }
        show(library.reordered(.taken, reversed: library.reversed), selecting: nil)
        grids.first?.viewModel.update(.jump(to: query))
    }

    var dateFilterLabel: String? { library?.dateFilter?.label }

    func clearDateFilter(selecting id: String?) -> Bool {
        guard let library, library.dateFilter != nil else { return false }
        show(library.filtered(by: nil), selecting: id)
        return true
    }

    func goUp() {
        guard let library else { return }
        if let (source, folderID, changes) = trail.popLast() {
            // Back to the listing the folder was entered from, in the order chosen since.
            var back = source.order == library.order && source.reversed == library.reversed
                ? source : source.reordered(library.order, reversed: library.reversed)
            if back.dateFilter != library.dateFilter { back = back.filtered(by: library.dateFilter) }
            show(back, selecting: folderID)
            // A photo of it trashed, moved or renamed from another folder (a mark goes everywhere).
            if fileActions.changes != changes { liveFolder?.relist() }
            return
        }
        do {
            guard let (parent, folderID) = try library.parentFolder() else { return }
            show(parent, selecting: folderID)
        } catch {
            grids.first?.view.showNotice(ErrorMessage.text(for: error))
        }
    }

    private func enter(_ folder: LibraryItem, from library: DirectorySource) {
        do {
            guard let inside = try library.entering(folder) else { return }
            trail.append((library, folder.id, fileActions.changes))
            show(inside, selecting: nil)
        } catch {
            grids.last?.view.showNotice(ErrorMessage.text(for: error))
        }
    }

    /// Replaces every grid with one over `source`, selecting the item with `id`.
    private func show(_ source: DirectorySource, selecting id: String?) {
        pendingZoom?.cancel()
        pendingZoom = nil
        for grid in grids.reversed() { grid.viewModel.update(.close) }
        if let first = grids.first { navigator.pop(first.view) }
        grids = []
        environment.source = source
        environment.sourceName = source.name
        showGrid(of: .all)
        watchFolder()
        if let id { select(id) }
    }
}

// MARK: - Zoom

extension PhotosCoordinator {
    func zoomOut(from viewModel: PhotosViewModel) {
        if let level = viewModel.zoomLevel {
            guard level == .month else {
                viewModel.update(.note("years are the widest view: Enter goes into a year"))
                return
            }
            // The years of the list the months are of, the year of the selected month selected.
            guard let months = viewModel.periodTiles, case let sections = months.sections, !sections.isEmpty,
                  let list = grid(below: viewModel)?.viewModel else { return }
            let start = viewModel.selectedPhoto?.period?.section.indices.lowerBound
                ?? sections[min(viewModel.selectedIndex, sections.count - 1)].indices.lowerBound
            showTiles(by: .year, over: list, selecting: start)
            return
        }
        guard viewModel.timeline != nil else {
            orderByDateTakenAndZoomOut(from: viewModel)
            return
        }
        showTiles(by: .month, over: viewModel, selecting: viewModel.selectedIndex)
    }

    /// Pushes the grid of the months or years of the grid `list`, with the tile holding item
    /// `index` of the list selected. The tiles follow `list` as it changes (a live folder).
    private func showTiles(by grouping: TimelineGrouping, over list: PhotosViewModel, selecting index: Int) {
        let tiles = PeriodTileSource(of: list, by: grouping, listing: environment.source)
        guard !tiles.sections.isEmpty else {
            // Only folder tiles: nothing has a date.
            list.update(.note("no photos to show by month here"))
            return
        }
        let zoomed = showGrid(of: .all, from: tiles)
        zoomed.update(.selectWhenListed(id: nil, index: tiles.index(ofSectionHolding: index) ?? 0))
    }

    /// A grid of photos without dates yet: a library in another order (by name, by size) is
    /// ordered by date taken, the selection kept, and zoomed out once the new list has its dates;
    /// a library by date still listing is zoomed out once it has them. Elsewhere (search results,
    /// a catalog) there are no dates to zoom out over: the status bar says so.
    private func orderByDateTakenAndZoomOut(from viewModel: PhotosViewModel) {
        guard let library, viewModel === grids.first?.viewModel else {
            viewModel.update(.note("months need photos ordered by date: `s` orders a folder by date taken"))
            return
        }
        if library.order != .taken && library.order != .date {
            show(library.reordered(.taken, reversed: library.reversed), selecting: viewModel.selectionToKeep)
        }
        guard let dated = grids.first?.viewModel else { return }
        pendingZoom?.cancel()
        pendingZoom = Task { [weak self, weak dated] in
            // The dates come with the list's first page; a library read for a long time is waited for.
            guard let waiting = dated, await waiting.waitUntil(timeout: .seconds(600), { [weak dated] in dated?.timeline != nil }),
                  !Task.isCancelled, let self, let dated, self.grids.last?.viewModel === dated else { return }
            self.pendingZoom = nil
            self.zoomOut(from: dated)
        }
    }

    /// Enter on a month: back in the list at its first photo; on a year: back in its months at its
    /// first month. The grid entered from is the top one, right over the grid gone back to.
    private func zoomIn(to tile: PeriodTile, from viewModel: PhotosViewModel) {
        guard let below = grid(below: viewModel)?.viewModel else { return }
        let start = tile.section.indices.lowerBound
        viewModel.update(.close)
        if let months = below.periodTiles {
            below.update(.selectWhenListed(id: nil, index: months.index(ofSectionStartingAt: start) ?? 0))
        } else {
            below.update(.selectWhenListed(id: tile.firstItemID, index: start))
        }
    }

    /// The grid under `viewModel`'s on the stack.
    private func grid(below viewModel: PhotosViewModel) -> (viewModel: PhotosViewModel, view: PhotosView)? {
        guard let index = grids.firstIndex(where: { $0.viewModel === viewModel }), index > 0 else { return nil }
        return grids[index - 1]
    }
}
