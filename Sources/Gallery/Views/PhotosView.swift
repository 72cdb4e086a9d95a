import TUI

/// The grid scene: binds `PhotosViewModel` to a `GridView` and a status bar.
@MainActor final class PhotosView: Scene, GridViewDelegate {
    private let viewModel: PhotosViewModel
    private let navigator: Navigator
    private let grid = GridView()
    private let sourceName: String
    private let renderMode: String
    private var thumbnailSize: Size?

    init(viewModel: PhotosViewModel, navigator: Navigator, sourceName: String, renderMode: String) {
        self.viewModel = viewModel
        self.navigator = navigator
        self.sourceName = sourceName
        self.renderMode = renderMode
        grid.delegate = self
        grid.cellProvider = { [unowned self] index in self.cell(at: index) }
        observeContinuously(self) { view in
            _ = view.viewModel.photos
            _ = view.viewModel.thumbnails
            _ = view.viewModel.isLoadingFirstPage
            _ = view.viewModel.isLoadingMore
            _ = view.viewModel.errorMessage
        } onChange: { view in
            view.navigator.setNeedsRedraw()
        }
    }

    func draw(on screen: Screen, in rect: Rect) {
        let (gridRect, statusRect) = rect.splitStatusRow
        grid.setItemCount(viewModel.photos.count)
        grid.layout(in: gridRect)
        if grid.thumbnailSize != thumbnailSize {
            thumbnailSize = grid.thumbnailSize
            viewModel.setThumbnailSize(columns: grid.thumbnailSize.columns, rows: grid.thumbnailSize.rows)
        }
        if viewModel.photos.isEmpty {
            let message = viewModel.isLoadingFirstPage ? "Fetching photos…" : (viewModel.errorMessage ?? "No photos")
            screen.put(message, at: Point(row: rect.origin.row + gridRect.size.rows / 2,
                                          column: rect.origin.column + max(0, (rect.size.columns - displayWidth(message)) / 2)),
                       style: [], maxWidth: rect.size.columns)
        } else {
            grid.draw(on: screen)
        }
        StatusBar(left: statusLeft, right: statusRight).draw(on: screen, in: statusRect)
    }

    func handle(_ key: Key) -> Bool {
        switch key {
        case .character("r"):
            viewModel.retry()
            return true
        default:
            return grid.handle(key)
        }
    }

    private var statusLeft: String {
        var parts = ["gallery", sourceName, renderMode]
        if let error = viewModel.errorMessage { parts.append(error) }
        return parts.joined(separator: " · ")
    }

    private var statusRight: String {
        var text = "\(viewModel.photos.count) photos"
        if viewModel.isLoadingFirstPage || viewModel.isLoadingMore { text += " · loading…" }
        if !viewModel.photos.isEmpty { text += " · \(grid.selectedIndex + 1)/\(viewModel.photos.count)" }
        return text + "  ? help"
    }

    private func cell(at index: Int) -> GridCell {
        guard viewModel.photos.indices.contains(index) else { return GridCell(title: "", image: nil, placeholder: "") }
        let photo = viewModel.photos[index]
        let title = photo.displayText.isEmpty ? "untitled" : photo.displayText
        switch viewModel.thumbnails[photo.id] {
        case .loaded(let thumbnail)?:
            return GridCell(title: title, image: TerminalImage(thumbnail, id: "\(photo.id)/\(renderMode)"), placeholder: "")
        case .failed(let message)?:
            return GridCell(title: title, image: nil, placeholder: message)
        case .loading?, nil:
            return GridCell(title: title, image: nil, placeholder: "loading…")
        }
    }

    // MARK: GridViewDelegate

    func gridView(_ grid: GridView, willDisplay index: Int) { viewModel.willDisplay(index: index) }
    func gridView(_ grid: GridView, didEndDisplaying index: Int) { viewModel.didEndDisplaying(index: index) }
    func gridView(_ grid: GridView, didSelect index: Int) { viewModel.didSelect(index: index) }
    func gridView(_ grid: GridView, didMoveSelectionTo index: Int) { navigator.setNeedsRedraw() }
}
