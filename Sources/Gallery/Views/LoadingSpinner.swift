import Observation

/// A status-bar spinner whose frame advances on a timer that runs only while something loads,
/// so an idle gallery draws nothing and wakes nobody.
@MainActor
@Observable
final class LoadingSpinner {
    static let frames: [String] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    /// Advances while active; views read it (and so redraw on each tick).
    private(set) var tick = 0
    @ObservationIgnored private var timer: Task<Void, Never>?
    @ObservationIgnored private let interval: Duration

    init(interval: Duration = .milliseconds(100)) {
        self.interval = interval
    }

    deinit { timer?.cancel() }

    /// The current frame.
    var frame: String { Self.frames[tick % Self.frames.count] }
    var isRunning: Bool { timer != nil }

    /// Starts the timer when `isLoading` and it is not running, stops it when loading is over.
    func update(isLoading: Bool) {
        if isLoading, timer == nil {
            let interval = self.interval
            timer = Task { [weak self] in
                while !Task.isCancelled {
                    try? await Task.sleep(for: interval)
                    guard !Task.isCancelled, let self else { return }
                    self.tick += 1
                }
            }
        } else if !isLoading, let running = timer {
            running.cancel()
            timer = nil
        }
    }
}
