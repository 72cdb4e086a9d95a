import TerminalVocabulary
/// The status-bar texts the grid and the detail pane share: where the photos come from and how
/// they are drawn on the left (or the latest message instead), what is going on at the right.
struct SceneStatus {
    var sourceName: String
    var renderMode: RenderMode
    /// Why the mode draws no pixels ("tmux 3.3a: no sixel").
    var renderNote: String? = nil
    /// A failed request; shown after the source.
    var error: String?
    /// A message from the last action ("saved to …", "this source cannot search"); replaces the left side.
    var message: String?
    /// The spinner's frame while something loads.
    var spinnerFrame: String?

    var left: String {
        if let message { return message }
        let render = renderNote.map { "\(renderMode.rawValue) (\($0))" } ?? renderMode.rawValue
        return (["gallery", sourceName, render] + [error].compactMap { $0 }).joined(separator: " · ")
    }

    /// `parts` joined with " · ", after the spinner frame when loading.
    func right(_ parts: [String]) -> String {
        (spinnerFrame.map { $0 + " " } ?? "") + parts.joined(separator: " · ")
    }
}
