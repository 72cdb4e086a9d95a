import OperatingSystem

/// The `file://` URI of a local path as GLib writes it (`g_filename_to_uri`), which names a
/// file's freedesktop thumbnail (the MD5 of this text): every byte of the path, UTF-8 or not,
/// percent-encoded (upper-case hexadecimal) but RFC 2396's unreserved characters and, in a path,
/// `/&=:@+$,`. Another spelling of the same path would name another thumbnail than GNOME's and KDE's.
enum FileURI {
    /// `path` must be absolute.
    static func of(path: FilePath) -> String {
        "file://" + path.percentEncoded(keeping: "/&=:@+$,")
    }
}
