import TerminalVocabulary

/// Sixel pictures whose rows overlap, sent as one picture over the cells from the leftmost one's
/// first column to the rightmost one's last (`PictureKeeping.composesRows`): where a screen keeps
/// few pictures (tmux: 9), a grid's row of thumbnails then costs one of them, and the
/// first screen of a 120x40 grid three. Its cells are all under the picture, the gaps between
/// the thumbnails too: tmux deletes a picture for any text written inside its cells, so the
/// selection frame's sides there are not written (its top, bottom and the sides beside the title
/// are). A picture alone on its rows is written again too, its
/// registers numbered without gaps: tmux writes every register up to the highest again for the
/// terminal outside, one the picture left undefined (the encoder defines only those it selects)
/// in colour space 0, for which xterm drops the whole picture: the detail pane's, which never
/// appeared.
struct SixelRows {
    /// A cell's pixels: where each picture goes in the row's picture.
    let cell: PixelSize
    /// The terminal's colour registers, which the pictures of a row share.
    let registers: Int
    /// The colour of the screen between the pictures, where tmux does not keep them transparent.
    let background: SixelCanvas.Colour
    /// The widest picture a row's is made (pixels): wider, its pictures are sent as more than one.
    let maxWidth: Int
    /// The rows composed for the last frame, by id: an unchanged row is not composed again.
    private var composed: [String: TerminalImage] = [:]

    /// xterm's `maxGraphicSize` is 1000x1000 unless configured, and it drops a wider sixel whole:
    /// a row of four thumbnails in 120 columns of 9 pixels (1035 pixels) never showed in tmux.
    static let xtermMaxWidth = 1000

    init(cell: PixelSize, registers: Int = 256, background: SixelCanvas.Colour = SixelCanvas.Colour(0, 0, 0),
         maxWidth: Int = xtermMaxWidth) {
        self.cell = cell
        self.registers = registers
        self.background = background
        self.maxWidth = maxWidth
    }

    /// `placements` with every group of sixel pictures sharing rows as one picture (one alone
    /// written again); the others as they are. A picture never spans a rectangle of `covers`
    /// (what is drawn over the pictures, a help box): the pictures on either side of it stay apart;
    /// nor is one wider than `maxWidth`: a picture that would make it so starts a picture of its own.
    mutating func compose(_ placements: [PlacedImage], apart covers: [Rect] = []) -> [PlacedImage] {
        var groups: [[PlacedImage]] = []
        var others: [PlacedImage] = []
        for placed in placements {
            guard case .sixel = placed.image.picture.content else {
                others.append(placed)
                continue
            }
            let rows = placed.frame.origin.row..<placed.frame.maxRow
            let sharing = groups.indices.filter { index in
                groups[index].contains { rows.overlaps($0.frame.origin.row..<$0.frame.maxRow) }
            }
            let merged = sharing.flatMap { groups[$0] } + [placed]
            let span = merged.dropFirst().reduce(merged[0].frame) { $0.union($1.frame) }
            guard !covers.contains(where: { $0.intersects(span) }), span.size.columns * cell.width <= maxWidth else {
                groups.append([placed])
                continue
            }
            for index in sharing.reversed() { groups.remove(at: index) }
            groups.append(merged)
        }
        var kept: [String: TerminalImage] = [:]
        let result = others + groups.flatMap { group -> [PlacedImage] in
            guard let row = row(of: group) else { return group }
            kept[row.image.id] = row.image
            return [row]
        }
        composed = kept
        return result
    }

    /// One picture of `group`'s, over the cells they span; nil when one of them cannot be read.
    private func row(of group: [PlacedImage]) -> PlacedImage? {
        let frame = group.dropFirst().reduce(group[0].frame) { $0.union($1.frame) }
        let parts = group.sorted { ($0.frame.origin.column, $0.frame.origin.row) < ($1.frame.origin.column, $1.frame.origin.row) }
        let id = "sixel-rows(" + parts.map {
            "\($0.image.id)@\($0.frame.origin.column - frame.origin.column),\($0.frame.origin.row - frame.origin.row)"
        }.joined(separator: ";") + ")"
        let size = CellSize(columns: frame.size.columns, rows: frame.size.rows)
        if let known = composed[id] { return PlacedImage(image: known, frame: frame) }
        var pictures: [(canvas: SixelCanvas, x: Int, y: Int)] = []
        for part in parts {
            guard case .sixel(let bytes) = part.image.picture.content, let canvas = SixelCanvas(sixel: bytes) else { return nil }
            pictures.append((canvas, (part.frame.origin.column - frame.origin.column) * cell.width,
                             (part.frame.origin.row - frame.origin.row) * cell.height))
        }
        // tmux rounds a sixel's height up to whole 6-pixel bands: the row's picture must end on
        // one inside its cells, or it reaches the row below, whose text then deletes it.
        let cellsHeight = frame.size.rows * cell.height
        let height = min(pictures.map { $0.y + $0.canvas.height }.max() ?? 0, cellsHeight - cellsHeight % 6)
        var canvas = SixelCanvas(width: pictures.map { $0.x + $0.canvas.width }.max() ?? 0, height: height)
        for picture in pictures { canvas.paste(picture.canvas, x: picture.x, y: picture.y) }
        let image = TerminalImage(RenderedPicture(columns: size.columns, rows: size.rows,
                                                  content: .sixel(canvas.sixel(registers: registers, background: background))), id: id)
        return PlacedImage(image: image, frame: frame)
    }
}
