extension ImageFormat {
    /// The RAW formats with a signature of their own in their first 12 bytes: Canon's CR2 (a TIFF
    /// with "CR" at byte 8) and CR3 (an ISO file of brand "crx "), Olympus' ORF ("IIRO", "IIRS",
    /// "MMOR"), Panasonic's RW2 ("IIU\0") and Fujifilm's RAF ("FUJIFILM").
    static func isCameraRawSignature(_ head: [UInt8]) -> Bool {
        if head.count >= 10, head.starts(with: [0x49, 0x49, 0x2A, 0x00]), head[8] == 0x43, head[9] == 0x52 { return true }
        if head.count >= 12, head[4..<12].elementsEqual("ftypcrx ".utf8) { return true }
        return head.starts(with: "IIRO".utf8) || head.starts(with: "IIRS".utf8) || head.starts(with: "MMOR".utf8)
            || head.starts(with: [0x49, 0x49, 0x55, 0x00]) || head.starts(with: "FUJIFILM".utf8)
    }

    /// The format of a whole file (or as much of its start as holds its first TIFF directory):
    /// as `init(sniffing:)`, and a TIFF whose first directory is a camera's RAW is `.cameraRaw`.
    ///
    /// DNG, NEF, ARW, PEF and SRW files start as any TIFF does. The file's name would tell them
    /// apart, but a decoder is given bytes (a file mapped, a pipe, a download), never a name; the
    /// first directory tells as surely: a RAW's is the DNG version, a reduced preview with the
    /// sensor's data in SubIFDs (NEF, ARW, DNG), or the sensor's data itself (a colour filter
    /// array, or a camera maker's compression: PEF, SRW). A picture saved as TIFF has none of these.
    public init?(contentsOf bytes: UnsafeBufferPointer<UInt8>) {
        guard let format = ImageFormat(sniffing: bytes) else { return nil }
        self = format == .tiff && Self.firstDirectoryIsCameraRaw(bytes) ? .cameraRaw : format
    }

    /// TIFF tags a RAW's first directory has.
    private enum Tag {
        static let newSubfileType: UInt16 = 0xFE
        static let compression: UInt16 = 0x103
        static let photometric: UInt16 = 0x106
        static let subIFDs: UInt16 = 0x14A
        static let dngVersion: UInt16 = 0xC612
    }

    /// Cameras' own compressions of sensor data: Sony, Samsung and Nikon packed, Nikon's NEF,
    /// Kodak, Pentax.
    private static let rawCompressions: Set<Int> = [32767, 32769, 32770, 32771, 32772, 34713, 65000, 65535]

    /// Whether the first directory of the TIFF in `bytes` is a camera RAW's (see `init(contentsOf:)`).
    /// A bounded walk of that one directory: never past the bytes, at most 512 entries.
    static func firstDirectoryIsCameraRaw(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count >= 8 else { return false }
        let little = bytes[0] == 0x49
        func number(_ at: Int, _ count: Int) -> Int? {
            guard at >= 0, count <= bytes.count, at <= bytes.count - count else { return nil }
            var value = 0
            for index in 0..<count { value |= Int(bytes[at + (little ? index : count - 1 - index)]) << (8 * index) }
            return value
        }
        guard let directory = number(4, 4), let entries = number(directory, 2), entries <= 512 else { return false }
        var reduced = false, hasSubIFDs = false
        for entry in 0..<entries {
            let at = directory + 2 + entry * 12
            guard let tag = number(at, 2), let type = number(at + 2, 2) else { return false }
            // A SHORT's value sits in the first two bytes of the field, a LONG's in all four.
            let value = type == 3 ? number(at + 8, 2) : number(at + 8, 4)
            switch UInt16(tag) {
            case Tag.dngVersion: return true
            case Tag.newSubfileType: reduced = (value ?? 0) & 1 == 1
            case Tag.subIFDs: hasSubIFDs = true
            case Tag.photometric where value == 32803 || value == 34892: return true  // colour filter array, linear raw
            case Tag.compression where value.map(rawCompressions.contains) == true: return true
            default: break
            }
        }
        return reduced && hasSubIFDs
    }
}
