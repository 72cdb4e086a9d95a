import OperatingSystem

/// What the detail pane fetched for photos, by id: the full record and the source's extra lines
/// (statistics, file facts), so stepping back to a photo asks the source nothing again. Holds at
/// most `capacity` photos, forgetting the least recently shown. Thread-safe, so the app's
/// environment can hand one to every detail pane.
public final class PhotoDetailsCache: Sendable {
    /// One photo's fetched details; nil for what has not been fetched (or failed).
    public struct Entry: Sendable, Equatable {
        public var photo: LibraryItem?
        public var extraDetails: [String]?
    }

    private struct State {
        var entries: [String: Entry] = [:]
        var recency = RecencyList<String>()
    }

    public let capacity: Int
    private let state = Locked(State())

    public init(capacity: Int = 500) {
        self.capacity = max(1, capacity)
    }

    /// What is known of the photo with `id` (empty when nothing), marking it as recently shown.
    public func entry(for id: String) -> Entry {
        state.withLock { state in
            guard let entry = state.entries[id] else { return Entry() }
            state.recency.touch(id)
            return entry
        }
    }

    /// Keeps the full record of a photo.
    public func store(_ photo: LibraryItem) {
        update(photo.id) { $0.photo = photo }
    }

    /// Keeps the extra lines of the photo with `id`.
    public func store(extraDetails: [String], for id: String) {
        update(id) { $0.extraDetails = extraDetails }
    }

    public var count: Int { state.withLock { $0.entries.count } }

    private func update(_ id: String, _ change: (inout Entry) -> Void) {
        state.withLock { state in
            change(&state.entries[id, default: Entry()])
            state.recency.touch(id)
            while state.entries.count > capacity, let oldest = state.recency.oldest {
                state.entries[oldest] = nil
                state.recency.remove(oldest)
            }
        }
    }
}
