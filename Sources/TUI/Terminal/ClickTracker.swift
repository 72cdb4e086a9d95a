/// Tells a double click from two clicks. ncurses can do it, but only by blocking the input read
/// for its click interval, which would stall the main queue.
struct ClickTracker {
    var interval: Double = 0.35
    private var lastPress: (position: Point, time: Double)?

    init(interval: Double = 0.35) { self.interval = interval }

    /// The kind of a button press at `position` happening at `time` (seconds, any monotonic origin).
    mutating func press(at position: Point, time: Double) -> MouseEvent.Kind {
        if let last = lastPress, last.position == position, time - last.time <= interval {
            lastPress = nil
            return .doubleClick
        }
        lastPress = (position, time)
        return .press
    }
}
