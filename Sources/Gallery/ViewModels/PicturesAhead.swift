import TerminalVocabulary

/// The detail pane's pictures made ahead: the photos beside the one shown, and the one just left,
/// each at the pane's size, so that ←/→ costs only writing the picture. Three at most (before,
/// now, after): a sixel picture of a 120x40 pane is about 400 KB.
struct PicturesAhead {
    private struct Made {
        let id: String
        let cells: CellSize
        let picture: RenderedPicture
    }

    static let capacity = 3
    /// Oldest first.
    private var made: [Made] = []

    /// The picture of photo `id` made for `cells`, if it was.
    func picture(of id: String, cells: CellSize) -> RenderedPicture? {
        made.last { $0.id == id && $0.cells == cells }?.picture
    }

    /// Whether photo `id` is made for `cells` already.
    func has(_ id: String, cells: CellSize) -> Bool { picture(of: id, cells: cells) != nil }

    /// Keeps `picture` as photo `id`'s at `cells`, forgetting the oldest beyond `capacity`.
    mutating func keep(_ picture: RenderedPicture, of id: String, cells: CellSize) {
        made.removeAll { $0.id == id }
        made.append(Made(id: id, cells: cells, picture: picture))
        if made.count > Self.capacity { made.removeFirst(made.count - Self.capacity) }
    }
}
