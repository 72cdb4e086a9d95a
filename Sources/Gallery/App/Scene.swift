public import TUI

/// One full-screen thing the user looks at: the grid or the detail pane. Coordinators push and pop
/// scenes on the `Navigator`; only the top one draws and gets keys.
@MainActor public protocol Scene: AnyObject {
    /// Brings the scene's state up to date for `rect` (the full screen) before it is drawn: item
    /// counts, layout, which cells are visible, and so `willDisplay` / `didEndDisplaying` and the
    /// sizes the view models load for. The only step of a frame that changes anything.
    func layout(in rect: Rect)
    /// Draws the whole scene into `rect`, as `layout(in:)` left it: reads, changes nothing.
    func draw(on screen: any Screen, in rect: Rect)
    /// Handles a key; returns false when the key means nothing here, so the app may use it.
    func handle(_ key: Key) -> Bool
}
