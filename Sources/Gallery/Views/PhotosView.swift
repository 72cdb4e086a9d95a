import TUI
import TerminalVocabulary

/// The grid scene: binds `PhotosViewModel` to a `GridView` and a status bar, with the search prompt
/// (`/`), page jumps (`n`/`N`), the jump to a date (`t`), retry/refresh (`r`), the photo actions (`o` `d` `y`), marks
/// (Space, `v`), the file actions (`D` `C` `M` `u` `R`), the user's commands (`[commands]`, `:`), the months and
/// years at a glance (`z`) and, in a local library, the order (`s`) and the way up (Backspace, `-`). A
/// zoomed-out grid is this scene too, over a month's or a year's tiles.
@MainActor final class PhotosView: Scene, GridViewDelegate {
    private let viewModel: PhotosViewModel
    private let navigator: Navigator
    private let grid: GridView
    private let environment: AppEnvironment
    private let actions: PhotoActions
    private let fileActions: PhotoFileActions
    /// `D` `u` `C` `M` `:`, the commands and the labels, as the detail pane does them.
    private let fileKeys: PhotoFileKeys
    private let spinner = LoadingSpinner()
    private var keyMap: KeyMap { environment.keyMap }
    private var thumbnailSize: CellSize?
    /// The sections the grid was given headings for.
    private var shownSections: [TimelineSection] = []
    /// The prompt in the status bar, while open.
    private(set) var prompt: TextField?
    /// What the open prompt's answer is for.
    private var promptPurpose = PromptPurpose.search
    /// Folder navigation and order, when the source is a local library.
    weak var library: (any LibraryBrowsing)?
    /// Months and years at a glance (`z`).
    weak var zoom: (any TimelineZooming)?

    init(viewModel: PhotosViewModel, navigator: Navigator, environment: AppEnvironment, actions: PhotoActions,
         fileActions: PhotoFileActions? = nil) {
        self.viewModel = viewModel
        self.navigator = navigator
        self.environment = environment
        self.actions = actions
        let fileActions = fileActions ?? PhotoFileActions(files: nil, trash: nil, grids: { [] })
        self.fileActions = fileActions
        fileKeys = PhotoFileKeys(fileActions: fileActions)
        grid = GridView(minimumCellSize: environment.minimumCellSize)
        grid.delegate = self
        grid.cellProvider = { [unowned self] index in self.cell(at: index) }
        observeContinuously(self) { view in
            _ = view.viewModel.items
            _ = view.viewModel.sourceNote
            _ = view.viewModel.skipped
            _ = view.viewModel.thumbnails
            _ = view.viewModel.isLoadingFirstPage
            _ = view.viewModel.isLoadingMore
            _ = view.viewModel.errorMessage
            _ = view.viewModel.notice
            _ = view.actions.statusText
            _ = view.fileActions.statusText
            _ = view.viewModel.marks.photos
            _ = view.viewModel.note
            _ = view.viewModel.listChanges
            _ = view.viewModel.sections
            _ = view.spinner.tick
        } onChange: { view in
            view.navigator.setNeedsRedraw()
        }
    }

    /// The photo under the selection.
    var selectedPhoto: LibraryItem? { viewModel.selectedPhoto }

    func layout(in rect: Rect) {
        let gridRect = rect.splitStatusRow.body
        // Before the list's changes: the rows they are shown in have the headings of the same list.
        if viewModel.sections != shownSections {
            shownSections = viewModel.sections
            grid.setSections(shownSections.map { GridSection(start: $0.indices.lowerBound, title: $0.heading()) })
        }
        for change in viewModel.takeListChanges() {
            switch change {
            case .replaced:
                grid.reloadItems(count: viewModel.items.count)
            case .edited:
                // Photos left, came back or moved (the folder changed): the view model kept the
                // selected photo selected, or its place when it went; the viewport stays.
                viewModel.update(.shownAfterEdit(grid.replaceItems(count: viewModel.items.count, selecting: viewModel.selectedIndex)))
            }
        }
        grid.setItemCount(viewModel.items.count)
        grid.layout(in: gridRect)
        // The grid shows the selection the view model holds (a refresh kept a photo selected, a
        // grid opened on one, `n` reached its page).
        if grid.selectedIndex != viewModel.selectedIndex, viewModel.selectedIndex < viewModel.items.count {
            grid.select(viewModel.selectedIndex)
        }
        if grid.thumbnailSize != thumbnailSize {
            thumbnailSize = grid.thumbnailSize
            viewModel.update(.thumbnailSize(grid.thumbnailSize))
        }
        spinner.update(isLoading: viewModel.isLoadingFirstPage || viewModel.isLoadingMore || actions.download != nil)
    }

    func draw(on screen: any Screen, in rect: Rect) {
        let (gridRect, statusRect) = rect.splitStatusRow
        if viewModel.items.isEmpty {
            let message = viewModel.isLoadingFirstPage ? "Fetching photos…" : (viewModel.errorMessage ?? emptyText)
            screen.put(message, at: Point(row: rect.origin.row + gridRect.size.rows / 2,
                                          column: rect.origin.column + max(0, (rect.size.columns - displayWidth(message)) / 2)),
                       style: [], maxWidth: rect.size.columns)
        } else {
            grid.draw(on: screen)
        }
        if let prompt = prompt ?? fileKeys.prompt {
            prompt.draw(on: screen, in: statusRect, style: .status)
        } else {
            StatusBar(left: status.left, right: statusRight).draw(on: screen, in: statusRect)
        }
    }

    func handle(_ key: Key) -> Bool {
        defer { navigator.setNeedsRedraw() }
        if prompt != nil {
            // The prompt takes every key but Ctrl-C, which still quits (`C`, `M` and `:`'s prompts: `fileKeys`).
            guard key != KeyMap.interrupt else { return false }
            handlePromptKey(key)
            return true
        }
        if let taken = fileKeys.take(key, in: keyMap) { return taken }
        if viewModel.note != nil { viewModel.update(.note(nil)) }
        fileActions.dismissMessage()
        let candidates = keyMap.actions(for: key, in: .grid)
        if candidates.contains(where: { actions.perform($0, for: selectedPhoto) }) { return true }
        actions.dismissMessage()
        if case .mouse(let event) = key { return grid.handle(event) }
        // The first action that means something here: Backspace leaves search results, else goes up.
        return candidates.contains { perform($0) }
    }

    /// Does what `action` asks of the grid; false when it means nothing here (no library to go up in).
    private func perform(_ action: KeyAction) -> Bool {
        switch action {
        case .grid(let move): grid.perform(move)
        case .search:
            if viewModel.canSearch {
                promptPurpose = .search
                prompt = TextField(prompt: "search: ")
                promptPurpose = .search
            } else {
                viewModel.update(.note(GalleryError.searchUnsupported.description))
            }
        case .jumpToDate:
            // A grid by name or size is ordered by date first; a catalog or search results have no dates to go by.
            if viewModel.timeline != nil || (library?.isOrderedByDate != nil && viewModel.feed == .all) {
                prompt = TextField(prompt: "jump to date: ")
                promptPurpose = .jumpToDate
            } else {
                viewModel.update(.note(PhotosViewModel.jumpNeedsDates))
            }
        case .clearDateFilter:
            guard case .all = viewModel.feed, let library else { return false }
            return library.clearDateFilter(selecting: viewModel.selectionToKeep)
        case .retry: viewModel.update(.retry)
        case .toggleFit: viewModel.update(.fit(viewModel.fit.toggled))
        case .nextPage: jumpToPage(forward: true)
        case .nextSection: jumpToSection(forward: true)
        case .previousSection: jumpToSection(forward: false)
        case .previousPage: jumpToPage(forward: false)
        case .cycleOrder:
            guard let library else { return false }
            library.cycleOrder(selecting: viewModel.selectionToKeep)
        case .reverseOrder:
            guard let library else { return false }
            library.reverseOrder(selecting: viewModel.selectionToKeep)
        case .goUp:
            guard case .all = viewModel.feed, let library else { return false }
            library.goUp()
        case .zoomOut:
            guard let zoom else { return false }
            zoom.zoomOut(from: viewModel)
        case .zoomOutAtTop:
            // Backspace zooms out from the top row of a grid by date: above the photos are their
            // months. Lower down, or in another order, it goes up a folder.
            guard let zoom, viewModel.timeline != nil, viewModel.zoomLevel == nil,
                  viewModel.selectedIndex < grid.columns else { return false }
            zoom.zoomOut(from: viewModel)
        case .back:
            // Out of search results, or back in from months and years.
            guard viewModel.feed != .all || viewModel.zoomLevel != nil else { return false }
            viewModel.update(.close)
        case .mark: viewModel.update(.toggleMark(viewModel.selectedIndex))
        case .invertMarks: viewModel.update(.invertMarks)
        case .rename:
            if let photo = selectedPhoto, let name = fileActions.renamableName(of: photo) {
                promptPurpose = .rename(photo)
                // Never cut: a name too long for its folder is refused with a sentence (cut to
                // fit, it lost its extension).
                prompt = TextField(prompt: "rename to: ", text: name, maxLength: .max)
            }
        default: return fileKeys.perform(action, marked: viewModel.markedPhotos, selected: selectedPhoto)
        }
        return true
    }

    /// Shows `text` in the status bar until the next key (a folder that cannot be opened).
    func showNotice(_ text: String) {
        viewModel.update(.note(text))
    }

    /// Selects the photo with `id` and scrolls to it (after the detail pane stepped through the list).
    func reveal(photoID id: String) {
        guard let index = viewModel.index(ofPhotoID: id) else { return }
        viewModel.update(.select(index))
    }

    private func handlePromptKey(_ key: Key) {
        guard var field = prompt else { return }
        switch field.handle(key) {
        case .submitted(let text):
            prompt = nil
            switch promptPurpose {
            case .search: viewModel.update(.search(text))
            case .rename(let photo): fileActions.rename(photo, to: text)
            case .jumpToDate: jump(to: text)
            }
            promptPurpose = .search
        case .cancelled:
            prompt = nil
            if case .jumpToDate = promptPurpose { viewModel.update(.prepareLanding([])) }
            promptPurpose = .search
        case .editing:
            prompt = field
            if case .jumpToDate = promptPurpose { prepareLanding(of: field.text) }
        case .ignored:
            prompt = field
        }
    }

    /// While a date is typed at `t`, the screen it lands on is made ahead, so that Enter shows it
    /// drawn: its thumbnails are most of a jump's time. Text that is no date yet (`2024-`) keeps
    /// the landing of the last that was.
    private func prepareLanding(of text: String) {
        guard let query = try? DateQuery(parsing: text.trimmingWhitespace(), monthNames: monthNames),
              let landing = viewModel.landing(of: query) else { return }
        viewModel.update(.prepareLanding(Array(grid.visibleRange(selecting: landing))))
    }

    /// The month names `t` reads: made once, at the first date typed (a locale's are read from
    /// Foundation's data).
    private lazy var monthNames = MonthNames(environment: environment.processEnvironment)

    /// `t`'s answer: the grid jumps to the date, ordered by date taken first when it is in another
    /// order; a phrase that is no date is answered in the status bar.
    private func jump(to text: String) {
        let phrase = text.trimmingWhitespace()
        guard !phrase.isEmpty else { return }
        do {
            let query = try DateQuery(parsing: phrase, monthNames: monthNames)
            if case .all = viewModel.feed, let library, library.isOrderedByDate == false {
                library.orderByDate(thenJumpTo: query)
            } else {
                viewModel.update(.jump(to: query))
            }
        } catch {
            viewModel.update(.note(error.description))
        }
    }

    /// `n`: the first photo of the next page (loading it when needed); `N`: the first photo of this
    /// page, or of the previous one when already there.
    private func jumpToPage(forward: Bool) {
        let count = viewModel.items.count
        guard count > 0 else { return }
        let perPage = max(1, viewModel.perPage)
        let selected = viewModel.selectedIndex
        let pageStart = selected / perPage * perPage
        if forward {
            let target = pageStart + perPage
            if target < count {
                viewModel.update(.select(target))
            } else if !viewModel.reachedEnd {
                // The last photo meanwhile, the next page's first once it has come.
                viewModel.update(.select(count - 1))
                viewModel.update(.selectWhenListed(id: nil, index: target))
            }
        } else {
            viewModel.update(.select(selected == pageStart ? max(0, pageStart - perPage) : pageStart))
        }
    }

    /// `]`: the first photo of the next section; `[`: of the previous one (of the first, from
    /// inside it). Without sections the status bar says what makes them.
    private func jumpToSection(forward: Bool) {
        guard !viewModel.sections.isEmpty else {
            viewModel.update(.note(viewModel.grouping == .none ? Self.noGrouping : Self.noSections))
            return
        }
        if let target = viewModel.sections.start(nextTo: viewModel.selectedIndex, forward: forward) {
            viewModel.update(.select(target))
        }
    }

    static let noSections = "no months: --sort date or taken"
    static let noGrouping = "no months: --group none"

    private var emptyText: String {
        if case .search(let query) = viewModel.feed { return "No photos match \"\(query)\"" }
        if let dates = library?.dateFilterLabel { return "No photos \(dates): Esc shows every date" }
        return "No photos"
    }

    private var status: SceneStatus {
        SceneStatus(sourceName: environment.sourceName, renderMode: environment.renderMode,
                    renderNote: environment.renderNote,
                    error: viewModel.errorMessage ?? viewModel.sourceNote,
                    message: viewModel.note ?? fileActions.statusText ?? actions.statusText ?? viewModel.notice,
                    spinnerFrame: spinner.isRunning ? spinner.frame : nil)
    }

    private var statusRight: String {
        var parts: [String] = []
        if case .search(let query) = viewModel.feed { parts.append("search \"\(truncate(query, toWidth: 24))\"") }
        if let order = library?.orderLabel { parts.append(order) }
        // Search results are of the dates shown too.
        if let dates = library?.dateFilterLabel { parts.append(dates) }
        parts += Self.countParts(total: viewModel.total ?? viewModel.items.count, folders: viewModel.folderCount,
                                 videos: viewModel.videoCount, tiles: viewModel.zoomLevel.map(\.rawValue),
                                 selected: viewModel.selectedIndex, perPage: viewModel.perPage, pageCount: viewModel.pageCount,
                                 skipped: viewModel.skipped)
        // Marks in other folders too: Enter, `D`, `C`, `M` and the commands take them all.
        if !viewModel.marks.isEmpty { parts.insert("\(viewModel.marks.count) marked", at: parts.count - 1) }
        // Last: the heading the selected photo is under ("4 of 12 · July 2023"); on a month's
        // tile, its heading whole ("2 of 9 · July 2023 · 39 photos, 3 videos"), which its title
        // may be too narrow for.
        if let period = viewModel.selectedPeriod { parts.append(period.text()) }
        if let tile = viewModel.selectedPhoto?.period { parts.append(tile.section.heading()) }
        let pickKeys = environment.picker == nil ? "" : "  \(keyMap.label(of: .grid(.open))) pick  \(keyMap.label(of: .back)) cancel"
        return status.right(parts) + pickKeys + "  \(keyMap.label(of: .help)) help"
    }

    /// "1,512 photos" (with "3 folders" first when some items are folders, and "3 skipped" after
    /// when the source left files out; "24 months" for `tiles` "month"), the selection's place
    /// ("84 of 1,512") and, when the number of pages is known, "page 3 of 51".
    static func countParts(total: Int, folders: Int = 0, videos: Int = 0, tiles: String? = nil, selected: Int, perPage: Int,
                           pageCount: Int?, skipped: Int = 0) -> [String] {
        var parts = [tiles.map { CountText.count(total, $0) } ?? CountText.items(total: total, folders: folders, videos: videos)]
        if skipped > 0 { parts.append("\(CountText.grouped(skipped)) skipped") }
        guard total > 0 else { return parts }
        parts.append("\(CountText.grouped(selected + 1)) of \(CountText.grouped(total))")
        if let pageCount, pageCount > 1 {
            parts.append("page \(CountText.grouped(selected / max(1, perPage) + 1)) of \(CountText.grouped(pageCount))")
        }
        return parts
    }

    private func cell(at index: Int) -> GridCell {
        guard let photo = viewModel.photo(at: index) else {
            // A page not loaded yet: it is on its way, asked for when the cell came into view.
            return GridCell(title: "", image: nil, placeholder: "…")
        }
        let title: String
        if let tile = photo.period {
            title = "\(photo.title) · \(tile.section.summary)"
        } else if let folder = photo.folder {
            title = "▸ \(photo.title)/ · \(folder.summary)"
            if photo.picture == nil { return GridCell(title: title, image: nil, placeholder: "folder") }
        } else {
            var name = photo.title.isEmpty ? "untitled" : photo.title
            // A video says so, and how long it plays, before its name; a Live Photo says LIVE (a
            // word, which every terminal's font has).
            if let video = photo.video { name = video.badge + " " + name }
            if photo.isLive { name = LibraryItem.liveBadge + " " + name }
            // Stars, a flag and a colour label, as text like the mark.
            let badge = photo.labels.badge
            if !badge.isEmpty { name = badge + " " + name }
            // The mark is text, so it shows whatever draws the pictures.
            title = viewModel.isMarked(photo) ? "✓ " + name : name
        }
        // A title with folders in it (`-R`) keeps its file name whole; the folders are shortened.
        let nameLength = photo.title.split(separator: "/", omittingEmptySubsequences: false).last.map(\.count) ?? 0
        let titleEnd = photo.title.contains("/") ? nameLength : 0
        switch viewModel.thumbnails[photo.id] {
        case .loaded(let thumbnail)?:
            // First, so a long title cut to the cell's width does not cut the note.
            return GridCell(title: thumbnail.isTruncated ? "truncated · \(title)" : title,
                            image: TerminalImage(thumbnail, id: "\(photo.id)/\(environment.renderMode)/\(viewModel.fit)"),
                            placeholder: "", titleEnd: titleEnd)
        case .failed(let message)?:
            return GridCell(title: title, image: nil, placeholder: message, titleEnd: titleEnd)
        case .loading?, nil:
            return GridCell(title: title, image: nil, placeholder: "loading…", titleEnd: titleEnd)
        }
    }

    // MARK: GridViewDelegate

    func gridView(_ grid: GridView, willDisplay index: Int) { viewModel.update(.willDisplay(index)) }
    func gridView(_ grid: GridView, didEndDisplaying index: Int) { viewModel.update(.didEndDisplaying(index)) }
    func gridView(_ grid: GridView, willSoonDisplay indices: [Int]) { viewModel.update(.willSoonDisplay(indices)) }
    func gridView(_ grid: GridView, didSelect index: Int) { viewModel.update(.choose(index)) }
    /// The keys or the mouse moved the grid's selection; the grid showing the view model's own
    /// selection (in `layout`) says nothing new.
    func gridView(_ grid: GridView, didMoveSelectionTo index: Int) {
        if index != viewModel.selectedIndex { viewModel.update(.select(index)) }
    }
}

/// What the status bar's prompt asks for.
private enum PromptPurpose {
    case search
    /// A new name for the photo or folder.
    case rename(LibraryItem)
    /// A date to jump to (`t`).
    case jumpToDate
}
