/// How the screen the app draws on keeps the sixel pictures written to it, where that is not how a
/// terminal keeps them: tmux (3.4 on, built with sixel) stores each picture a pane draws, draws it
/// again on its own redraws, and deletes it for anything done to its lines (`image.c`,
/// `screen-write.c`). The image layer and the screen obey it: pictures sharing rows are sent as one
/// (`SixelRows`), no blank of a picture's rows is cleared, and no region with a picture scrolls.
public struct PictureKeeping: Equatable, Sendable {
    /// The most sixel pictures kept at once; a picture sent beyond it deletes the oldest. tmux
    /// counts the pictures of every pane of the server, and drops the oldest when the count
    /// reaches its limit (10 before 3.7, 20 from 3.7), so one fewer stay. nil: no limit (a
    /// terminal's screen holds any number).
    public var liveImageLimit: Int?
    /// Whether clearing, inserting, deleting or scrolling any part of a line deletes every picture
    /// on that line, and text written into a picture's cells deletes it (tmux); rather than only
    /// the pixels of the cells cleared or written, as in a terminal.
    public var linesOwnPictures: Bool

    public init(liveImageLimit: Int?, linesOwnPictures: Bool) {
        self.liveImageLimit = liveImageLimit
        self.linesOwnPictures = linesOwnPictures
    }

    /// A terminal's own screen: pictures stay until drawn over, cell by cell.
    public static let terminal = PictureKeeping(liveImageLimit: nil, linesOwnPictures: false)

    /// Whether pictures that share rows are sent as one: where few are kept, a grid's row of
    /// thumbnails costs one of them.
    var composesRows: Bool { liveImageLimit != nil }
}
