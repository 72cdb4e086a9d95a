/// Pushes the detail pane for one photo and pops it when the view model closes.
@MainActor final class PhotoDetailCoordinator: PhotoDetailViewModelCoordinating {
    private let photo: Photo
    private let navigator: Navigator
    private let environment: AppEnvironment
    private var view: PhotoDetailView?
    /// Called once the pane is gone, so the parent can drop this coordinator.
    var onFinish: (() -> Void)?

    init(photo: Photo, navigator: Navigator, environment: AppEnvironment) {
        self.photo = photo
        self.navigator = navigator
        self.environment = environment
    }

    func start() {
        let viewModel = PhotoDetailViewModel(photo: photo, source: environment.source,
                                             loader: environment.loader, renderer: environment.renderer)
        viewModel.coordinator = self
        let view = PhotoDetailView(viewModel: viewModel, navigator: navigator,
                                   sourceName: environment.sourceName, renderMode: environment.renderMode)
        self.view = view
        navigator.push(view)
        viewModel.viewDidLoad()
    }

    func photoDetailViewModelDidClose(_ viewModel: any PhotoDetailViewModelProtocol) {
        if let view { navigator.pop(view) }
        view = nil
        onFinish?()
    }
}
