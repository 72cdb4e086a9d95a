public import OperatingSystem

/// `gallery --pick`: Enter on a photo chooses the marked photos (or that one when none is
/// marked) instead of opening it, and the app ends with their paths; quit or Esc end it with
/// none. The terminal is given back before the result is handed on, so what the caller writes
/// follows a restored screen.
@MainActor public final class PhotoPicker {
    private let finish: @MainActor ([FilePath]?) -> Void
    /// Gives the terminal back; `AppCoordinator`, which owns it, sets this.
    var restoreTerminal: @MainActor () -> Void = {}
    private var finished = false

    /// `finish` receives the chosen files' absolute paths (their bytes) in the grid's order, or
    /// nil when the user chose nothing; the CLI writes them and exits.
    public init(finish: @escaping @MainActor ([FilePath]?) -> Void) {
        self.finish = finish
    }

    /// Ends the pick with `paths`.
    func choose(_ paths: [FilePath]) { end(paths) }

    /// Ends the pick with nothing chosen.
    func cancel() { end(nil) }

    private func end(_ paths: [FilePath]?) {
        guard !finished else { return }
        finished = true
        restoreTerminal()
        finish(paths)
    }
}
