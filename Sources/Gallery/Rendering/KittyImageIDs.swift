import Imaging
import OperatingSystem
import TerminalVocabulary

/// kitty image ids for rendered pictures: the same content at the same size gets the same id for
/// the whole session, different content a different one. Ids run through `range` in order
/// (1, 2, 3, … by default) skipping the one the capability query uses, so a picture never
/// collides with it, and wrap; content is told apart by a 64-bit hash of the encoded bytes it was
/// rendered from.
final class KittyImageIDs: Sendable {
    struct Key: Hashable {
        let contentHash: UInt64
        let cells: CellSize
        let fit: PictureFit
        /// The same pixels sent scaled down (a playing video's frame) are another picture.
        let pixelLimit: Int?
    }

    private struct State {
        var ids: [Key: UInt32] = [:]
        var next: UInt32
    }

    private let state: Locked<State>
    private let reserved: Set<UInt32>
    private let range: ClosedRange<UInt32>

    /// `reserved` ids are never handed out (the kitty support query's); ids are taken from `range`
    /// (inside tmux, the pane's share: `TerminalCapabilities.kittyImageIDs`); nil: 1 to 2^31 - 1.
    init(reserved: Set<UInt32>, range: ClosedRange<UInt32>? = nil) {
        self.reserved = reserved
        self.range = range ?? 1...UInt32(Int32.max)
        state = Locked(State(next: self.range.lowerBound))
    }

    func id(for data: [UInt8], cells: CellSize, fit: PictureFit, pixelLimit: Int? = nil) -> UInt32 {
        let key = Key(contentHash: Self.fnv1a(data), cells: cells, fit: fit, pixelLimit: pixelLimit)
        return state.withLock { state in
            if let id = state.ids[key] { return id }
            while reserved.contains(state.next) { state.next = state.next >= range.upperBound ? range.lowerBound : state.next + 1 }
            let id = state.next
            // A session rarely gets through the range, but wraps rather than traps.
            state.next = id >= range.upperBound ? range.lowerBound : id + 1
            state.ids[key] = id
            return id
        }
    }

    /// FNV-1a, 64 bits: stable across runs (unlike `Hasher`), cheap next to decoding the bytes.
    static func fnv1a(_ bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        return hash
    }
}
