/// What a grid asks of its coordinator to see its list's months and years at a glance (`z`).
@MainActor protocol TimelineZooming: AnyObject {
    /// Shows the months of `viewModel`'s list, the month of its selection selected (from a grid of
    /// months, their years); a library listed in another order is ordered by date taken first.
    func zoomOut(from viewModel: PhotosViewModel)
}
