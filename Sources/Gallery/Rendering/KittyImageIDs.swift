import Imaging
import OperatingSystem
import TerminalVocabulary

/// kitty image ids for rendered pictures: the same content at the same size gets the same id for
/// the whole session, different content a different one. Ids run 1, 2, 3, … skipping the one the
/// capability query uses, so a picture never collides with it; content is told apart by a 64-bit
/// hash of the encoded bytes it was rendered from.
final class KittyImageIDs: Sendable {
    struct Key: Hashable {
        let contentHash: UInt64
        let cells: CellSize
        let fit: PictureFit
    }

    private struct State {
        var ids: [Key: UInt32] = [:]
        var next: UInt32 = 1
    }

    private let state = Locked(State())
    private let reserved: Set<UInt32>

    /// `reserved` ids are never handed out (the kitty support query's).
    init(reserved: Set<UInt32>) {
        self.reserved = reserved
    }

    func id(for data: [UInt8], cells: CellSize, fit: PictureFit) -> UInt32 {
        let key = Key(contentHash: Self.fnv1a(data), cells: cells, fit: fit)
        return state.withLock { state in
            if let id = state.ids[key] { return id }
            while reserved.contains(state.next) { state.next += 1 }
            let id = state.next
            // Ids stay below 2^31; a session never gets near it, but wrap rather than trap.
            state.next = id >= UInt32(Int32.max) ? 1 : id + 1
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
