/// A key press, or another input event, as the app sees it.
public enum Key: Hashable, Sendable {
    case character(Character)
    case up, down, left, right
    case pageUp, pageDown, home, end
    case enter, escape, backspace, tab
    /// The terminal changed size (delivered after `Terminal.onResize`).
    case resize
    /// A control chord; the letter is lower case: Ctrl-R is `.ctrl("r")`.
    case ctrl(Character)
    case mouse(MouseEvent)
    /// A curses key code with no case of its own (function keys and such).
    case unknown(Int)
}

extension Key: ExpressibleByExtendedGraphemeClusterLiteral {
    /// A character key written as its character: `"q"` is `.character("q")`.
    public init(extendedGraphemeClusterLiteral value: Character) { self = .character(value) }
}

/// A mouse action at a character cell.
public struct MouseEvent: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case press, doubleClick, wheelUp, wheelDown
        /// The pointer moved with the first button held (a drag), and the button let go.
        case drag, release
    }

    public var kind: Kind
    public var position: Point

    public init(kind: Kind, position: Point) {
        self.kind = kind
        self.position = position
    }
}
