/// Navigation requests of the photo grid, handled by its coordinator.
@MainActor
public protocol PhotosViewModelCoordinating: AnyObject {
    func photosViewModel(_ viewModel: PhotosViewModel, didSelect photo: LibraryItem)
    /// Show the results of searching `query` in a grid of their own.
    func photosViewModel(_ viewModel: PhotosViewModel, didRequestSearch query: String)
    /// The grid is done (Esc on a results grid).
    func photosViewModelDidClose(_ viewModel: PhotosViewModel)
}
