/// Pushes the detail pane for one photo and pops it when the view model closes.
@MainActor final class PhotoDetailCoordinator: PhotoDetailViewModelCoordinating {
    private let photo: LibraryItem
    private let navigator: Navigator
    private let environment: AppEnvironment
    private let actions: PhotoActions
    private let fileActions: PhotoFileActions?
    private weak var neighbours: PhotosViewModel?
    private var view: PhotoDetailView?
    /// Called once the pane is gone with the photo it showed last, so the parent can drop this
    /// coordinator and select that photo.
    var onFinish: ((LibraryItem) -> Void)?

    /// `neighbours` is the list ←/→ step through (the grid the photo was picked from).
    init(photo: LibraryItem, navigator: Navigator, environment: AppEnvironment, actions: PhotoActions,
         fileActions: PhotoFileActions? = nil, neighbours: PhotosViewModel?) {
        self.photo = photo
        self.navigator = navigator
        self.environment = environment
        self.actions = actions
        self.fileActions = fileActions
        self.neighbours = neighbours
    }

    func start() {
        // A local file's details are a read away; a catalog's cost requests, asked only where the
        // user stops.
        let dwell: DetailDwell = environment.source is any LocalPhotoSource ? .none : .moment
        let viewModel = PhotoDetailViewModel(photo: photo, source: environment.source,
                                             loader: environment.loader, renderer: environment.renderer.forPictureDrawnOnce,
                                             details: environment.photoDetails, dwell: dwell)
        viewModel.coordinator = self
        viewModel.neighbours = neighbours
        let view = PhotoDetailView(viewModel: viewModel, navigator: navigator, environment: environment, actions: actions,
                                   fileActions: fileActions, marked: { [weak neighbours] in neighbours?.markedPhotos ?? [] })
        self.view = view
        navigator.push(view)
        viewModel.update(.appeared)
    }

    func photoDetailViewModelDidClose(_ viewModel: PhotoDetailViewModel) {
        if let view { navigator.pop(view) }
        view = nil
        onFinish?(viewModel.photo)
    }
}
