#if TESTABLE_IMPORTS
@testable import Gallery

/// The input is a sidecar's text. What it says is read; each of a few labels is then set and must
/// read back as set, the text staying UTF-8 XMP, and setting what it said at first must give its
/// first labels back.
enum XMPFuzzTarget {
    static let labels: [PhotoLabels] = [
        PhotoLabels(rating: 4, flag: .picked, colour: .red),
        PhotoLabels(flag: .rejected, colour: .blue),
        .none,
        PhotoLabels(rating: 1, colour: .purple),
    ]

    static func run(_ input: UnsafeRawBufferPointer) throws {
        guard var packet = try? XMPPacket(Array(input)) else { return }
        let first = packet.labels
        for wanted in labels + [first] {
            packet.set(wanted)
            try check(packet.labels == wanted, "xmp: set \(wanted), read \(packet.labels) from \(String(decoding: packet.bytes, as: UTF8.self).debugDescription)")
            try check((try? XMPPacket(packet.bytes)) != nil, "xmp: no XMP once \(wanted) was set")
        }
    }
}
#endif
