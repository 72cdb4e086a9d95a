public import TerminalVocabulary
import Imaging
import OperatingSystem

/// Rendered thumbnails bounded by their total size in bytes, evicting the least recently used.
/// Thread-safe, so it can be shared between the grid and detail view models.
public final class ThumbnailCache: Sendable {
    private struct State {
        var entries: [ThumbnailKey: RenderedPicture] = [:]
        var recency = RecencyList<ThumbnailKey>()
        var totalBytes = 0
    }

    /// The bound on the sum of the cached thumbnails' `byteCount`.
    public let capacityBytes: Int
    private let state = Locked(State())

    public init(capacityBytes: Int = 16 << 20) {
        self.capacityBytes = capacityBytes
    }

    /// The cached thumbnail for `key`, marking it as recently used.
    public func thumbnail(for key: ThumbnailKey) -> RenderedPicture? {
        state.withLock { state in
            guard let thumbnail = state.entries[key] else { return nil }
            state.recency.touch(key)
            return thumbnail
        }
    }

    /// Stores `thumbnail` as the most recently used, evicting the least recently used entries
    /// until the total fits. A thumbnail larger than the whole capacity is not stored.
    public func insert(_ thumbnail: RenderedPicture, for key: ThumbnailKey) {
        let cost = thumbnail.byteCount
        state.withLock { state in
            Self.remove(key, from: &state)
            guard cost <= capacityBytes else { return }
            while state.totalBytes + cost > capacityBytes, let oldest = state.recency.oldest {
                Self.remove(oldest, from: &state)
            }
            state.entries[key] = thumbnail
            state.recency.touch(key)
            state.totalBytes += cost
        }
    }

    /// Forgets every thumbnail of the photo with `photoID`, at every size: its file changed.
    public func removeThumbnails(ofPhotoID photoID: String) {
        state.withLock { state in
            for key in state.entries.keys where key.photoID == photoID { Self.remove(key, from: &state) }
        }
    }

    public func removeAll() {
        state.withLock { $0 = State() }
    }

    /// The sum of the cached thumbnails' sizes; never above `capacityBytes`.
    public var totalBytes: Int { state.withLock { $0.totalBytes } }

    public var count: Int { state.withLock { $0.entries.count } }

    /// Cached keys, least recently used (next to be evicted) first.
    public var keysByRecency: [ThumbnailKey] { state.withLock { $0.recency.keysOldestFirst } }

    private static func remove(_ key: ThumbnailKey, from state: inout State) {
        guard let old = state.entries.removeValue(forKey: key) else { return }
        state.recency.remove(key)
        state.totalBytes -= old.byteCount
    }
}
