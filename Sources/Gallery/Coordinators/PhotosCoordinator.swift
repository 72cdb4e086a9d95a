/// Shows the grid, pushes a results grid for each search and a detail coordinator for the photo
/// the user picks; popping a results grid leaves the grid below exactly as it was. In a local
/// library it also walks folders (a folder tile opens its folder, the way up comes back with it
/// selected) and changes the order, each time with a new grid over a new listing.
@MainActor final class PhotosCoordinator: PhotosViewModelCoordinating, LibraryBrowsing {
    private let navigator: Navigator
    /// The services; `source` and `sourceName` change as the user walks through folders.
    private var environment: AppEnvironment
    /// The listings folders were entered from, with the id of the folder entered, for the way back.
    private var trail: [(source: DirectorySource, folderID: String)] = []
    /// `o` `d` `y` and their status messages, shared by every scene of this flow.
    let actions: PhotoActions
    /// `D` `u` `R` on a folder's files, for every grid of this flow.
    private(set) lazy var fileActions = PhotoFileActions(
        files: { [weak self] in self?.environment.source as? any LocalPhotoSource }, trash: environment.trash,
        grids: { [weak self] in self?.grids.map(\.viewModel) ?? [] })
    private var children: [PhotoDetailCoordinator] = []
    /// The grids on the stack: the main feed first, then search results.
    private(set) var grids: [(viewModel: PhotosViewModel, view: PhotosView)] = []
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

    private func showGrid(of feed: PhotoFeed) {
        let viewModel = PhotosViewModel(
            source: environment.source, loader: environment.loader, renderer: environment.renderer,
            renderMode: environment.renderMode, perPage: environment.perPage,
            cache: environment.cache, feed: feed, networkStatus: environment.networkStatus,
            fit: grids.last?.viewModel.fit ?? environment.thumbnailFit)
        viewModel.coordinator = self
        let view = PhotosView(viewModel: viewModel, navigator: navigator, environment: environment, actions: actions,
                              fileActions: fileActions)
        view.library = self
        grids.append((viewModel, view))
        navigator.push(view)
        viewModel.update(.appeared)
        if grids.count == 1, let note = environment.startNote { viewModel.update(.note(note)) }
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
        if let picker = environment.picker, let files = environment.source as? any LocalPhotoSource {
            let marked = grid(of: viewModel)?.viewModel.markedPhotos ?? []
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

    func goUp() {
        guard let library else { return }
        if let (source, folderID) = trail.popLast() {
            // Back to the listing the folder was entered from, in the order chosen since.
            let back = source.order == library.order && source.reversed == library.reversed
                ? source : source.reordered(library.order, reversed: library.reversed)
            show(back, selecting: folderID)
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
            trail.append((library, folder.id))
            show(inside, selecting: nil)
        } catch {
            grids.last?.view.showNotice(ErrorMessage.text(for: error))
        }
    }

    /// Replaces every grid with one over `source`, selecting the item with `id`.
    private func show(_ source: DirectorySource, selecting id: String?) {
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
