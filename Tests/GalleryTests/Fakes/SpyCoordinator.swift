@testable import Gallery

/// Records the navigation requests of view models.
@MainActor
final class SpyCoordinator: PhotosViewModelCoordinating, PhotoDetailViewModelCoordinating {
    private(set) var selected: [Photo] = []
    private(set) var closeCount = 0

    func photosViewModel(_ viewModel: any PhotosViewModelProtocol, didSelect photo: Photo) {
        selected.append(photo)
    }

    func photoDetailViewModelDidClose(_ viewModel: any PhotoDetailViewModelProtocol) {
        closeCount += 1
    }
}
