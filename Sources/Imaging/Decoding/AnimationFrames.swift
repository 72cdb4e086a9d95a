/// How long an animation's frame is shown.
enum FrameDelay {
    /// `milliseconds` as the file gives it, except that under 20 ms is taken as 100 ms, as
    /// browsers do: such files were made for players that ignored the delay.
    static func shown(milliseconds: Int) -> Int {
        milliseconds < 20 ? 100 : milliseconds
    }
}

/// An animation's first frame, which is what a still decode shows.
enum FirstFrame {
    /// The first frame `forEachFrame` gives (it is asked for no more), or `.corrupt(missing)`.
    static func of(_ forEachFrame: (_ body: (RGBImage, Int) throws -> Bool) throws -> Void, missing: String) throws -> RGBImage {
        var first: RGBImage?
        try forEachFrame { frame, _ in
            first = frame
            return false
        }
        guard let first else { throw ImageError.corrupt(missing) }
        return first
    }
}
