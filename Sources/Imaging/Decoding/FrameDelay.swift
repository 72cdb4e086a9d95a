/// How long an animation's frame is shown.
enum FrameDelay {
    /// `milliseconds` as the file gives it, except that under 20 ms is taken as 100 ms, as
    /// browsers do: such files were made for players that ignored the delay.
    static func shown(milliseconds: Int) -> Int {
        milliseconds < 20 ? 100 : milliseconds
    }
}
