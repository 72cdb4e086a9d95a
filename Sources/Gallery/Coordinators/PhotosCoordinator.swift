/// Shows the grid and pushes a detail coordinator for the photo the user picks.
@MainActor final class PhotosCoordinator: PhotosViewModelCoordinating {
    private let navigator: Navigator
    private let environment: AppEnvironment
    private var children: [PhotoDetailCoordinator] = []
    private(set) var viewModel: PhotosViewModel?

    init(navigator: Navigator, environment: AppEnvironment) {
        self.navigator = navigator
        self.environment = environment
    }

    func start() {
        let viewModel = PhotosViewModel(
            source: environment.source, loader: environment.loader, renderer: environment.renderer,
            renderMode: environment.renderMode, perPage: environment.perPage,
            cache: environment.cache, networkStatus: environment.networkStatus)
        viewModel.coordinator = self
        self.viewModel = viewModel
        let view = PhotosView(viewModel: viewModel, navigator: navigator,
                              sourceName: environment.sourceName, renderMode: environment.renderMode)
        navigator.push(view)
        viewModel.viewDidLoad()
    }

    func photosViewModel(_ viewModel: any PhotosViewModelProtocol, didSelect photo: Photo) {
        let child = PhotoDetailCoordinator(photo: photo, navigator: navigator, environment: environment)
        child.onFinish = { [weak self, weak child] in
            self?.children.removeAll { $0 === child }
        }
        children.append(child)
        child.start()
    }
}
