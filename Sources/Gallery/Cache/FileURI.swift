/// The `file://` URI of a local path as GLib writes it (`g_filename_to_uri`), which names a
/// file's freedesktop thumbnail (the MD5 of this text): every byte percent-encoded (upper-case
/// hexadecimal) but RFC 2396's unreserved characters and, in a path, `/&=:@+$,`. Another
/// spelling of the same path would name another thumbnail than GNOME's and KDE's.
enum FileURI {
    /// `path` must be absolute.
    static func of(path: String) -> String {
        "file://" + percentEncoded(path, alsoKeeping: "/&=:@+$,")
    }

    /// `text` with every byte but letters, digits, `-_.!~*'()` (RFC 2396's unreserved
    /// characters) and those of `kept` written `%XX`.
    static func percentEncoded(_ text: String, alsoKeeping kept: String) -> String {
        let unescaped = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.!~*'()".utf8).union(kept.utf8)
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        for byte in text.utf8 {
            if unescaped.contains(byte) {
                bytes.append(byte)
            } else {
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
