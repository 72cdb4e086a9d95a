/// Navigation requests of the detail pane, handled by its coordinator.
@MainActor
public protocol PhotoDetailViewModelCoordinating: AnyObject {
    func photoDetailViewModelDidClose(_ viewModel: PhotoDetailViewModel)
}
