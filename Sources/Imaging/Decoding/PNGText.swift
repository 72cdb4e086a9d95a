/// PNG `tEXt` chunks: the keyword and text pairs the freedesktop thumbnail spec keeps its
/// `Thumb::URI` and `Thumb::MTime` in. Written by `PNGCodec.encode(_:text:)`, read here by a
/// bounded walk over the chunks that never reads past the buffer and decodes no pixel.
public enum PNGText {
    /// The `tEXt` pairs of a PNG, first one of a keyword kept; empty when `bytes` is no PNG.
    /// Text is Latin-1 by the PNG spec; bytes outside ASCII are kept as Latin-1 characters.
    public static func read(_ bytes: some EncodedBytes) -> [String: String] {
        bytes.withEncodedBytes { bytes in
            guard ImageFormat(sniffing: bytes) == .png else { return [:] }
            var text: [String: String] = [:]
            var at = 8  // after the signature
            while at + 12 <= bytes.count {
                let length = bytes[at..<(at + 4)].bigEndianInteger
                let type = bytes[(at + 4)..<(at + 8)]
                guard length <= bytes.count - at - 12, !type.elementsEqual("IEND".utf8) else { break }
                if type.elementsEqual("tEXt".utf8) {
                    let data = bytes[(at + 8)..<(at + 8 + length)]
                    if let zero = data.firstIndex(of: 0) {
                        let keyword = latin1(data[..<zero])
                        if text[keyword] == nil { text[keyword] = latin1(data[(zero + 1)...]) }
                    }
                }
                at += 12 + length
            }
            return text
        }
    }

    /// One `tEXt` chunk: length, type, `keyword`, a zero byte, `text`, CRC. Keywords are 1 to 79
    /// printable Latin-1 characters; a longer one is cut, and `text` must not hold a zero byte
    /// (the thumbnail keys and a percent-encoded URI never do).
    static func chunk(keyword: String, text: String) -> [UInt8] {
        let data = Array(keyword.utf8.prefix(79)) + [0] + Array(text.utf8.filter { $0 != 0 })
        let typed = Array("tEXt".utf8) + data
        return bigEndian(UInt32(data.count)) + typed + bigEndian(CRC32.checksum(typed))
    }

    private static func latin1(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> String {
        String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}

/// The CRC-32 of PNG chunks and zlib (polynomial 0xEDB88320, reflected).
enum CRC32 {
    private static let table: [UInt32] = (0..<256).map { index in
        (0..<8).reduce(UInt32(index)) { crc, _ in crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
    }

    static func checksum(_ bytes: [UInt8]) -> UInt32 {
        ~bytes.reduce(~UInt32(0)) { crc, byte in table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
    }
}
