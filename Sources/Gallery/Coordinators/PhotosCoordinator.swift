/// Shows the grid, pushes a results grid for each search and a detail coordinator for the photo
/// the user picks; popping a results grid leaves the grid below exactly as it was.
@MainActor final class PhotosCoordinator: PhotosViewModelCoordinating {
    private let navigator: Navigator
    private let environment: AppEnvironment
    /// `o` `d` `y` and their status messages, shared by every scene of this flow.
    let actions: PhotoActions
    /// `D` `u` `R` on a folder's files, for every grid of this flow.
    private(set) lazy var fileActions = PhotoFileActions(
        files: environment.source as? any LocalPhotoSource, trash: environment.trash,
        grids: { [weak self] in self?.grids.map(\.viewModel) ?? [] })
    private var children: [PhotoDetailCoordinator] = []
    /// The grids on the stack: the main feed first, then search results.
    private(set) var grids: [(viewModel: PhotosViewModel, view: PhotosView)] = []

    /// The main feed's view model.
    var viewModel: PhotosViewModel? { grids.first?.viewModel }

    init(navigator: Navigator, environment: AppEnvironment) {
        self.navigator = navigator
        self.environment = environment
        actions = PhotoActions(opener: environment.opener, downloader: environment.downloader,
                               clipboard: environment.clipboard, files: environment.source as? any LocalPhotoSource)
    }

    func start() {
        showGrid(of: .all)
    }

    private func showGrid(of feed: PhotoFeed) {
        let viewModel = PhotosViewModel(
            source: environment.source, loader: environment.loader, renderer: environment.renderer,
            renderMode: environment.renderMode, perPage: environment.perPage,
            cache: environment.cache, feed: feed, networkStatus: environment.networkStatus)
        viewModel.coordinator = self
        let view = PhotosView(viewModel: viewModel, navigator: navigator, environment: environment, actions: actions,
                              fileActions: fileActions)
        grids.append((viewModel, view))
        navigator.push(view)
        viewModel.viewDidLoad()
    }

    private func grid(of viewModel: any PhotosViewModelProtocol) -> (viewModel: PhotosViewModel, view: PhotosView)? {
        grids.first { $0.viewModel === viewModel }
    }

    func photosViewModel(_ viewModel: any PhotosViewModelProtocol, didSelect photo: Photo) {
        let origin = grid(of: viewModel)
        let child = PhotoDetailCoordinator(photo: photo, navigator: navigator, environment: environment,
                                           actions: actions, neighbours: origin?.viewModel)
        child.onFinish = { [weak self, weak child, weak view = origin?.view] lastPhoto in
            self?.children.removeAll { $0 === child }
            // Stepping with ←/→ moves the grid's selection along.
            view?.reveal(photoID: lastPhoto.id)
        }
        children.append(child)
        child.start()
    }

    func photosViewModel(_ viewModel: any PhotosViewModelProtocol, didRequestSearch query: String) {
        showGrid(of: .search(query))
    }

    func photosViewModelDidClose(_ viewModel: any PhotosViewModelProtocol) {
        // The main feed stays: only results grids close.
        guard let index = grids.firstIndex(where: { $0.viewModel === viewModel }), index > 0 else { return }
        navigator.pop(grids[index].view)
        grids.removeSubrange(index...)
    }
}
