import Dispatch

/// Folds any number of redraw requests into one call of `action` on the next main-queue turn.
@MainActor final class RedrawScheduler {
    var action: (() -> Void)?
    private var isScheduled = false

    func setNeedsRedraw() {
        guard !isScheduled else { return }
        isScheduled = true
        DispatchQueue.main.async { [weak self] in
            MainActor.assumeIsolated {
                guard let self else { return }
                self.isScheduled = false
                self.action?()
            }
        }
    }
}
