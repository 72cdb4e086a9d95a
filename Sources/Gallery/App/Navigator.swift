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

    /// One frame of the top scene: its layout step, then its drawing.
    public func drawFrame(on screen: any Screen) {
        let rect = Rect(origin: Point(row: 0, column: 0), size: screen.size)
        top?.layout(in: rect)
        top?.draw(on: screen, in: rect)
    }

    public func handle(_ key: Key) -> Bool {
        top?.handle(key) ?? false
    }
}
