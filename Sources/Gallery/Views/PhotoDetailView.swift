import TUI

/// The detail pane: the photo as large as the pane allows (aspect kept) beside or above its text.
@MainActor final class PhotoDetailView: Scene {
    private let viewModel: PhotoDetailViewModel
    private let navigator: Navigator
    private let sourceName: String
    private let renderMode: String
    private var imageArea: Size?

    init(viewModel: PhotoDetailViewModel, navigator: Navigator, sourceName: String, renderMode: String) {
        self.viewModel = viewModel
        self.navigator = navigator
        self.sourceName = sourceName
        self.renderMode = renderMode
        observeContinuously(self) { view in
            _ = view.viewModel.photo
            _ = view.viewModel.image
            _ = view.viewModel.isLoading
            _ = view.viewModel.errorMessage
            _ = view.viewModel.extraDetails
        } onChange: { view in
            view.navigator.setNeedsRedraw()
        }
    }

    func draw(on screen: Screen, in rect: Rect) {
        let (body, statusRect) = rect.splitStatusRow
        let layout = DetailLayout(body: body)
        if layout.image.size != imageArea {
            imageArea = layout.image.size
            viewModel.setImageArea(columns: layout.image.size.columns, rows: layout.image.size.rows)
        }
        drawImage(on: screen, in: layout.image)
        TextPane(text: textLines.joined(separator: "\n")).draw(on: screen, in: layout.text)

        let left = ["gallery", sourceName, renderMode, viewModel.errorMessage].compactMap { $0 }.joined(separator: " · ")
        let right = (viewModel.isLoading ? "loading… · " : "") + "Esc back  ? help  q quit"
        StatusBar(left: left, right: right).draw(on: screen, in: statusRect)
    }

    func handle(_ key: Key) -> Bool {
        switch key {
        case .escape, .backspace, .character("h"), .left:
            viewModel.close()
            return true
        default:
            return false
        }
    }

    private var textLines: [String] {
        [viewModel.title, "", viewModel.author, "\(viewModel.dimensions) px", viewModel.likes]
            + viewModel.extraDetails + ["", viewModel.attribution, viewModel.link]
    }

    private func drawImage(on screen: Screen, in area: Rect) {
        switch viewModel.image {
        case .loaded(let image)?:
            // Centre the fitted picture in its area.
            let origin = Point(row: area.origin.row + max(0, (area.size.rows - image.rows) / 2),
                               column: area.origin.column + max(0, (area.size.columns - image.columns) / 2))
            screen.place(TerminalImage(image, id: "detail/\(viewModel.photo.id)/\(renderMode)"), at: origin)
        case .failed(let message)?:
            screen.put(message, at: Point(row: area.origin.row + area.size.rows / 2, column: area.origin.column + 1),
                       style: [.dim], maxWidth: area.size.columns - 2)
        case .loading?, nil:
            screen.put("loading…", at: Point(row: area.origin.row + area.size.rows / 2, column: area.origin.column + 1),
                       style: [.dim], maxWidth: area.size.columns - 2)
        }
    }
}

/// Where the detail pane puts the image and the text: side by side when wide, stacked when narrow.
struct DetailLayout: Equatable {
    let image: Rect
    let text: Rect

    init(body: Rect) {
        let width = body.size.columns, height = body.size.rows
        if width >= 80 {
            let textWidth = min(48, max(30, width / 3))
            image = Rect(origin: body.origin, size: Size(columns: width - textWidth - 1, rows: height))
            text = Rect(origin: Point(row: body.origin.row + 1, column: body.origin.column + width - textWidth),
                        size: Size(columns: textWidth - 1, rows: max(0, height - 1)))
        } else {
            let textRows = min(8, height / 3)
            image = Rect(origin: body.origin, size: Size(columns: width, rows: height - textRows))
            text = Rect(origin: Point(row: body.origin.row + height - textRows, column: body.origin.column + 1),
                        size: Size(columns: max(0, width - 2), rows: textRows))
        }
    }
}
