/// Standard base64 (RFC 4648, with `=` padding) straight to bytes, for terminal image payloads,
/// which are written as bytes and can be megabytes long.
enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// The base64 text of `bytes`: 4 output bytes for every 3 input bytes, rounded up.
    static func encode(_ bytes: [UInt8]) -> [UInt8] {
        var output = [UInt8]()
        output.reserveCapacity((bytes.count + 2) / 3 * 4)
        var i = 0
        while i + 3 <= bytes.count {
            let group = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2])
            appendGroup(group, digits: 4, to: &output)
            i += 3
        }
        let rest = bytes.count - i
        if rest > 0 {
            let group = UInt32(bytes[i]) << 16 | (rest == 2 ? UInt32(bytes[i + 1]) << 8 : 0)
            appendGroup(group, digits: rest + 1, to: &output)
            output.append(contentsOf: repeatElement(UInt8(ascii: "="), count: 3 - rest))
        }
        return output
    }

    /// The first `digits` 6-bit digits of a 24-bit group, most significant first.
    private static func appendGroup(_ group: UInt32, digits: Int, to output: inout [UInt8]) {
        for k in 0..<digits {
            output.append(alphabet[Int(group >> (18 - 6 * UInt32(k)) & 0x3F)])
        }
    }
}
