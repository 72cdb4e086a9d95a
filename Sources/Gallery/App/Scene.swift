public import TUI

/// One full-screen thing the user looks at: the grid or the detail pane. Coordinators push and pop
/// scenes on the `Navigator`; only the top one draws and gets keys.
@MainActor public protocol Scene: AnyObject {
    /// Draws the whole scene into `rect` (the full screen).
    func draw(on screen: any Screen, in rect: Rect)
    /// Handles a key; returns false when the key means nothing here, so the app may use it.
    func handle(_ key: Key) -> Bool
}
