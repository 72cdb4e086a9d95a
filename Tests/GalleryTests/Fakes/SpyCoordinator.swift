@testable import Gallery

/// Records the navigation requests of view models.
@MainActor
final class SpyCoordinator: PhotosViewModelCoordinating, PhotoDetailViewModelCoordinating {
    private(set) var selected: [LibraryItem] = []
    private(set) var searches: [String] = []
    private(set) var closedGrids = 0
    private(set) var closeCount = 0

    func photosViewModel(_ viewModel: PhotosViewModel, didSelect photo: LibraryItem) {
        selected.append(photo)
    }

    func photosViewModel(_ viewModel: PhotosViewModel, didRequestSearch query: String) {
        searches.append(query)
    }

    func photosViewModelDidClose(_ viewModel: PhotosViewModel) {
        closedGrids += 1
    }

    func photoDetailViewModelDidClose(_ viewModel: PhotoDetailViewModel) {
        closeCount += 1
    }
}
