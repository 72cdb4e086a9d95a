/// How long the detail pane shows a photo before asking the source for its details (the full
/// record, statistics): a photo flipped past with ←/→ costs no request, which matters against an
/// API that allows 50 an hour. The wait is cancelled with the pane's move to the next photo.
public struct DetailDwell: Sendable {
    /// Returns once the photo with this id has been shown long enough; throws when cancelled.
    let wait: @Sendable (_ photoID: String) async throws -> Void

    /// A moment: longer than the gap between two quick key presses, short enough to go unnoticed
    /// by someone stopping to look.
    public static let moment = DetailDwell(duration: .milliseconds(400))
    /// No wait, where details cost nothing but a file read (a local folder).
    public static let none = DetailDwell { _ in }

    public init(duration: Duration) {
        wait = { _ in try await Task.sleep(for: duration) }
    }

    /// `wait` decides when the photo has been shown long enough (tests hold it until they say).
    init(wait: @escaping @Sendable (_ photoID: String) async throws -> Void) {
        self.wait = wait
    }
}
