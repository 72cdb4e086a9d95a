import Observation

/// Calls `onChange` on the main actor after any observable property read by `track` changes, for as long
/// as `owner` lives. Changes made in one synchronous step arrive as one call (one redraw).
@MainActor func observeContinuously<Owner: AnyObject & Sendable>(_ owner: Owner, track: @escaping @MainActor (Owner) -> Void,
                                                     onChange: @escaping @MainActor (Owner) -> Void) {
    withObservationTracking {
        track(owner)
    } onChange: { [weak owner] in
        Task { @MainActor in
            guard let owner else { return }
            onChange(owner)
            observeContinuously(owner, track: track, onChange: onChange)
        }
    }
}
