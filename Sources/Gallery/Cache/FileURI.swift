/// The `file://` URI of a local path as GLib writes it (`g_filename_to_uri`), which names a
/// file's freedesktop thumbnail (the MD5 of this text): every byte percent-encoded (upper-case
/// hexadecimal) but letters, digits, `-_.!~*'()` and, in a path, `/&=:@+$,`. Another spelling of
/// the same path would name another thumbnail than GNOME's and KDE's.
enum FileURI {
    private static let unescaped = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.!~*'()/&=:@+$,".utf8)

    /// `path` must be absolute.
    static func of(path: String) -> String {
        let digits = Array("0123456789ABCDEF".utf8)
        var uri = Array("file://".utf8)
        for byte in path.utf8 {
            if unescaped.contains(byte) {
                uri.append(byte)
            } else {
                uri += [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 0xF)]]
            }
        }
        return String(decoding: uri, as: UTF8.self)
    }
}
