@testable import Gallery
import Testing

/// Waits, yielding and polling, until `condition` holds on the main actor; records an issue
/// after `timeout`. For state that settles once background work has hopped back to the main actor.
@MainActor
@discardableResult
func eventually(timeout: Duration = .seconds(15), sourceLocation: SourceLocation = #_sourceLocation,
                _ condition: () -> Bool) async -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while !condition() {
        if clock.now >= deadline {
            Issue.record("condition not met within \(timeout)", sourceLocation: sourceLocation)
            return false
        }
        await Task.yield()
        try? await Task.sleep(for: .milliseconds(1))
    }
    return true
}

/// Lets already-enqueued work run, for asserting that something did NOT happen.
@MainActor
func settle() async {
    for _ in 0..<20 { await Task.yield() }
    try? await Task.sleep(for: .milliseconds(20))
}

extension UpdatedByMessages {
    /// Waits until `condition` holds, checked after each of the view model's updates (its state
    /// changes nowhere else); records an issue after `timeout`.
    @discardableResult
    func until(timeout: Duration = .seconds(15), sourceLocation: SourceLocation = #_sourceLocation,
               _ condition: @escaping @MainActor () -> Bool) async -> Bool {
        let held = await waitUntil(timeout: timeout, condition)
        if !held { Issue.record("\(Self.self)'s state not reached within \(timeout)", sourceLocation: sourceLocation) }
        return held
    }
}
