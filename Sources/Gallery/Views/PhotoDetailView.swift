import TUI
import Imaging
import TerminalVocabulary

/// The detail pane: the photo as large as the pane allows (aspect kept) beside or above its text,
/// a swatch of its colour, ←/→ to step through the list it was opened from, `o` `d` `y`, and the
/// grid's file keys (`D` `u` `C` `M` `:`, the commands, the labels) on the marked photos, else the
/// one shown.
@MainActor final class PhotoDetailView: Scene {
    private let viewModel: PhotoDetailViewModel
    private let navigator: Navigator
    private let environment: AppEnvironment
    private let actions: PhotoActions
    /// The file keys' outcomes; nil where photos are no files.
    private let fileActions: PhotoFileActions?
    /// `D` `u` `C` `M` `:`, the commands and the labels, done as the grid does them.
    private let fileKeys: PhotoFileKeys?
    /// The photos marked, in the grid's order (in every folder).
    private let marked: @MainActor () -> [LibraryItem]
    private let spinner = LoadingSpinner()
    private var imageArea: CellSize?
    /// Where the photo stood in its list at the last layout.
    private var listPlace: Int?
    /// Where the pointer was at the last press or drag: a drag pans a zoomed picture by its moves.
    private var dragFrom: Point?
    private var renderMode: RenderMode { environment.renderMode }
    /// Columns of the colour swatch.
    static let swatchWidth = 6

    init(viewModel: PhotoDetailViewModel, navigator: Navigator, environment: AppEnvironment, actions: PhotoActions,
         fileActions: PhotoFileActions? = nil, marked: @escaping @MainActor () -> [LibraryItem] = { [] }) {
        self.viewModel = viewModel
        self.navigator = navigator
        self.environment = environment
        self.actions = actions
        self.fileActions = fileActions
        fileKeys = fileActions.map(PhotoFileKeys.init(fileActions:))
        self.marked = marked
        observeContinuously(self) { view in
            _ = view.viewModel.photo
            _ = view.viewModel.image
            _ = view.viewModel.isLoading
            _ = view.viewModel.errorMessage
            _ = view.viewModel.extraDetails
            _ = view.viewModel.playing
            _ = view.viewModel.zoomShown
            _ = view.viewModel.fillsTerminal
            _ = view.actions.statusText
            _ = view.fileActions?.statusText
            _ = view.spinner.tick
        } onChange: { view in
            view.navigator.setNeedsRedraw()
        }
    }

    func layout(in rect: Rect) {
        // The photo left its list behind the app's back (a command moved it, another program
        // deleted it, and the folder was read again): the pane shows the one that took its place.
        if let neighbours = viewModel.neighbours {
            if let index = neighbours.place(of: viewModel.photo.id)?.index {
                listPlace = index
            } else if let index = listPlace {
                listPlace = nil
                viewModel.update(.filesChanged(shownAt: index))
            }
        }
        let layout = placement(in: rect)
        if layout.image.size != imageArea {
            imageArea = layout.image.size
            viewModel.update(.imageArea(layout.image.size))
        }
        spinner.update(isLoading: viewModel.isLoading || actions.download != nil)
    }

    /// Where the picture and the text go: with `f`, all of the terminal above the status row is the
    /// picture's; the row itself is left blank, since a sixel reaching the last row scrolls the screen.
    private func placement(in rect: Rect) -> DetailLayout {
        viewModel.fillsTerminal ? DetailLayout(picture: rect.splitStatusRow.body) : DetailLayout(body: rect.splitStatusRow.body)
    }

    func draw(on screen: any Screen, in rect: Rect) {
        let statusRect = rect.splitStatusRow.status
        let layout = placement(in: rect)
        drawImage(on: screen, in: layout.image)
        if let prompt = fileKeys?.prompt {
            // Over a picture that fills the terminal too: what is typed is seen.
            prompt.draw(on: screen, in: statusRect, style: .status)
            if viewModel.fillsTerminal { return }
        }
        // A question waits for its answer: it shows even over a picture that fills the terminal.
        if viewModel.fillsTerminal && fileActions?.question == nil { return }
        if !viewModel.fillsTerminal {
            TextPane(text: textLines.joined(separator: "\n")).draw(on: screen, in: layout.text)
            drawSwatch(on: screen, in: layout.text)
        }

        let status = SceneStatus(sourceName: environment.sourceName, renderMode: renderMode, renderNote: environment.renderNote,
                                 error: viewModel.errorMessage, message: viewModel.note ?? fileActions?.statusText ?? actions.statusText,
                                 spinnerFrame: spinner.isRunning ? spinner.frame : nil)
        let keys = environment.keyMap
        // What a video does now, or that Space plays a Live Photo's motion.
        let playing = viewModel.playing?.text
            ?? (viewModel.photo.motion != nil ? "\(keys.label(of: .playPause)) plays" : nil)
        // Zoomed, the arrows pan: `w` goes back to the photos either side.
        let steps = viewModel.zoom == nil ? "\(keys.label(of: .previousPhoto))/\(keys.label(of: .nextPhoto)) photos"
            : "\(keys.label(of: .zoom(.fit))) fit"
        let right = status.right([viewModel.zoomShown?.description, playing].compactMap { $0 } + ["\(steps)  \(keys.label(of: .back)) back  "
                                  + "\(keys.label(of: .help)) help  \(keys.label(of: .quit)) quit"])
        if fileKeys?.prompt == nil { StatusBar(left: status.left, right: right).draw(on: screen, in: statusRect) }
    }

    func handle(_ key: Key) -> Bool {
        defer { navigator.setNeedsRedraw() }
        if case .mouse(let event) = key { return drag(event) }
        // Where the photo stood before a file key: a trash or a move takes it out of the list.
        let shownAt = viewModel.neighbours?.place(of: viewModel.photo.id)?.index
        if let taken = fileKeys?.take(key, in: environment.keyMap) {
            filesChanged(shownAt: shownAt)
            return taken
        }
        let candidates = environment.keyMap.actions(for: key, in: .detail)
        if candidates.contains(where: { actions.perform($0, for: viewModel.photo) }) { return true }
        actions.dismissMessage()
        fileActions?.dismissMessage()
        return candidates.contains { action in
            switch action {
            case .back where viewModel.fillsTerminal: viewModel.update(.fillTerminal(false))
            case .fillTerminal: viewModel.update(.fillTerminal(!viewModel.fillsTerminal))
            case .zoom(let step): viewModel.update(.zoom(step))
            case .pan(let across, let down):
                // Not zoomed, the arrows and h l are the next candidates': the photos either side.
                guard viewModel.zoom != nil else { return false }
                viewModel.update(.pan(across: Double(across) / 4, down: Double(down) / 4))
            case .back: viewModel.update(.close)
            case .previousPhoto: viewModel.update(.move(by: -1))
            case .nextPhoto: viewModel.update(.move(by: 1))
            case .playPause: viewModel.update(.playPause)
            default:
                guard let fileKeys, fileKeys.perform(action, marked: marked(), selected: viewModel.photo) else { return false }
                filesChanged(shownAt: shownAt)
            }
            return true
        }
    }

    /// After a file key: the photo as the list has it now (its labels), or, moved away or trashed,
    /// the photo that took its place.
    private func filesChanged(shownAt index: Int?) {
        if let index { viewModel.update(.filesChanged(shownAt: index)) }
    }

    /// A press starts a drag, each move pans the zoomed picture with the pointer (the photo follows
    /// it: a drag to the right shows more of the left), a release ends it.
    private func drag(_ event: MouseEvent) -> Bool {
        switch event.kind {
        case .press, .doubleClick: dragFrom = event.position
        case .release: dragFrom = nil
        case .drag:
            guard let from = dragFrom, let area = imageArea, area.columns > 0, area.rows > 0 else { return false }
            dragFrom = event.position
            let columns = event.position.column - from.column, rows = event.position.row - from.row
            guard viewModel.zoom != nil, columns != 0 || rows != 0 else { return true }
            viewModel.update(.pan(across: -Double(columns) / Double(area.columns), down: -Double(rows) / Double(area.rows)))
        case .wheelUp, .wheelDown: return false
        }
        return true
    }

    /// Beside a picture whose file ended before it did (the rest is grey).
    static let truncatedNote = "truncated file: shown as far as it goes"

    /// Stands where the swatch goes: the swatch image covers it, and a terminal without colour shows
    /// "colour" instead.
    private static let swatchPlaceholder = String(repeating: "█", count: swatchWidth)

    private var textLines: [String] {
        // What tells photos apart first: the name, when it was taken, where it stands.
        var lines = [viewModel.title] + [viewModel.taken, viewModel.place].compactMap { $0 }
            + viewModel.photo.labels.detailLines + [""]
        lines += [viewModel.author].compactMap { $0 } + ["\(viewModel.dimensions) px"]
        if case .loaded(let picture)? = viewModel.image, picture.isTruncated { lines.append(Self.truncatedNote) }
        if let likes = viewModel.likes { lines.append(likes) }
        lines += viewModel.extraDetails
        if let camera = viewModel.photo.exif?.summary { lines.append(camera) }
        if let place = viewModel.photo.location?.summary { lines.append(place) }
        if let color = viewModel.photo.color {
            lines.append("\(environment.colorDepth == .none ? "colour" : Self.swatchPlaceholder) \(color)")
        }
        // One line each: a newline inside a value (a file's name may hold one) must not break it.
        return (lines + ["", viewModel.attribution, viewModel.link]).map(sanitize)
    }

    /// A block of the photo's colour over the placeholder, wherever wrapping put it.
    private func drawSwatch(on screen: any Screen, in text: Rect) {
        guard let color = viewModel.photo.color,
              let swatch = ColorSwatch.image(hex: color, columns: Self.swatchWidth, depth: environment.colorDepth),
              let row = TextPane.wrap(textLines.joined(separator: "\n"), width: text.size.columns)
                .firstIndex(where: { $0.hasPrefix(Self.swatchPlaceholder) }),
              row < text.size.rows
        else { return }
        screen.place(swatch, at: text.origin.offset(rows: row))
    }

    private func drawImage(on screen: any Screen, in area: Rect) {
        switch viewModel.image {
        case .loaded(let image)?:
            // Centre the fitted picture in its area.
            let origin = Point(row: area.origin.row + max(0, (area.size.rows - image.rows) / 2),
                               column: area.origin.column + max(0, (area.size.columns - image.columns) / 2))
            // The screen sends a picture again only under another id: each zoomed view has its own.
            let view = viewModel.zoomShown.map { "\($0.region.x),\($0.region.y),\($0.region.width)x\($0.region.height)" } ?? "fit"
            screen.place(TerminalImage(image, id: "detail/\(viewModel.photo.id)/\(renderMode)/\(viewModel.frameIndex)/\(view)"),
                         at: origin)
            viewModel.update(.pictureShown)
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

    /// The picture over all of `rect`, no text (`f`).
    init(picture rect: Rect) {
        image = rect
        text = Rect(origin: rect.origin, size: CellSize(columns: 0, rows: 0))
    }

    init(body: Rect) {
        let width = body.size.columns, height = body.size.rows
        if width >= 80 {
            let textWidth = min(48, max(30, width / 3))
            image = Rect(origin: body.origin, size: CellSize(columns: width - textWidth - 1, rows: height))
            text = Rect(origin: Point(row: body.origin.row + 1, column: body.origin.column + width - textWidth),
                        size: CellSize(columns: textWidth - 1, rows: max(0, height - 1)))
        } else {
            let textRows = min(8, height / 3)
            image = Rect(origin: body.origin, size: CellSize(columns: width, rows: height - textRows))
            text = Rect(origin: Point(row: body.origin.row + height - textRows, column: body.origin.column + 1),
                        size: CellSize(columns: max(0, width - 2), rows: textRows))
        }
    }
}
