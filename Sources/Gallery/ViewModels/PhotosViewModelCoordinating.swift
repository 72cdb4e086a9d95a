/// Navigation requests of the photo grid, handled by its coordinator.
@MainActor
public protocol PhotosViewModelCoordinating: AnyObject {
    func photosViewModel(_ viewModel: any PhotosViewModelProtocol, didSelect photo: Photo)
}
