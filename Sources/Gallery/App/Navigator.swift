public import TUI

/// The stack of scenes, the terminal counterpart of a navigation controller.
@MainActor public final class Navigator {
    private var scenes: [any Scene] = []
    private let requestRedraw: () -> Void

    /// `requestRedraw` schedules one coalesced frame (the terminal's `setNeedsRedraw`).
    public init(requestRedraw: @escaping () -> Void) {
        self.requestRedraw = requestRedraw
    }

    public var top: (any Scene)? { scenes.last }
    public var depth: Int { scenes.count }

    public func push(_ scene: any Scene) {
        scenes.append(scene)
        requestRedraw()
    }

    /// Removes `scene` (and anything above it), e.g. when the detail pane closes.
    public func pop(_ scene: any Scene) {
        guard let index = scenes.lastIndex(where: { $0 === scene }) else { return }
        scenes.removeSubrange(index...)
        requestRedraw()
    }

    public func setNeedsRedraw() { requestRedraw() }

    public func draw(on screen: any Screen) {
        top?.draw(on: screen, in: Rect(origin: Point(row: 0, column: 0), size: screen.size))
    }

    public func handle(_ key: Key) -> Bool {
        top?.handle(key) ?? false
    }
}
