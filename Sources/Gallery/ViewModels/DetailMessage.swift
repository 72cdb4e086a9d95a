public import TerminalVocabulary
public import Imaging

/// Everything that changes the detail pane's state, as one message to
/// `PhotoDetailViewModel.update(_:)`: what the view reports, what the user asks, and what
/// background work (the full record, the extra lines, the picture, a step to a neighbour, an
/// animation's next frame) answered.
public enum DetailMessage: Sendable {
    /// The pane appeared: the photo's record and extra lines are asked for after the dwell, once.
    case appeared
    /// The picture's area in cells: the picture is made for it (again when it changed or failed).
    case imageArea(CellSize)
    /// Show the next (+1) or previous (-1) photo of the list the pane was opened from.
    case move(by: Int)
    /// The user left the pane (a video playing stops: its decoding task is cancelled).
    case close
    /// The full record of photo `id` came, or failed.
    case recordArrived(id: String, Result<LibraryItem, any Error>)
    /// The source's extra lines for photo `id` came.
    case extrasArrived(id: String, [String])
    /// The picture asked for with `request` was made, or failed.
    case imageMade(request: Int, Result<RenderedPicture, any Error>)
    /// An animation's frame `index` of the picture asked for with `request` is due.
    case frame(request: Int, index: Int, RenderedPicture)
    /// The view placed the picture on the screen; it is written when the frame ends, right after.
    case pictureShown
    /// The picture of photo `id`, beside the one shown, was made ahead for `cells`.
    case madeAhead(id: String, cells: CellSize, RenderedPicture)
    /// Space: play the video (a Live Photo's motion) shown, or pause it, or go on.
    case playPause
    /// The video of the picture asked for with `request` has its next frame drawn: `time` seconds
    /// into its `length` (when the container says it).
    case videoFrame(request: Int, RenderedPicture, time: Double, length: Duration?)
    /// The video of the picture asked for with `request`, paused, has the frame it paused on drawn
    /// in full, `time` seconds in (it played at reduced size, `ThumbnailRendering.forPlayingVideo`).
    case pausedFrame(request: Int, RenderedPicture, time: Double)
    /// The video of the picture asked for with `request` ended (a Live Photo's motion plays once), or
    /// could not be played (`failure` says why).
    case playbackEnded(request: Int, failure: String?)
    /// `+`, `-`, `=`, `w`: closer, further, 100 %, or the whole photo fitted again.
    case zoom(ZoomStep)
    /// Move the zoomed picture's middle by fractions of the pane (a key: a quarter; a drag: the
    /// cells it went over); nothing while the photo is fitted.
    case pan(across: Double, down: Double)
    /// `f`: the picture fills the terminal, without the status line and the text, or not.
    case fillTerminal(Bool)
    /// The zoomed picture asked for with `request` was drawn, from these pixels; or it failed.
    case zoomMade(request: Int, Result<ZoomedPicture, any Error>)
    /// The app changed files (a label, a trash, a move) while the photo stood at `index` of the
    /// list: the photo as the list has it now, else, gone from it, the photo that took its place
    /// (the one before it at the end); none left, the pane closes.
    case filesChanged(shownAt: Int)
    /// The step asked for with `request` found its photo (nil: none, at either end).
    case stepped(request: Int, to: LibraryItem?)
}

/// How a zoom key changes the zoom.
public enum ZoomStep: Hashable, Sendable {
    /// `+`: half again as close, or the next of nsxiv's stops.
    case closer
    /// `-`: a third further, or the stop before; back to the fit past it.
    case further
    /// `=`: one photo pixel to one screen pixel (one half-block in text modes).
    case actualSize
    /// `w`: the whole photo fitted in the pane again.
    case fit
}

/// A zoomed picture and the pixels it was drawn from, kept for the next pan.
public struct ZoomedPicture: Sendable {
    public let picture: RenderedPicture
    public let pixels: ZoomedPixels
}
