import Imaging
public import OperatingSystem
import TerminalVocabulary

/// Thumbnails of local photos shared with the desktop by the freedesktop thumbnail spec: read
/// from `$XDG_CACHE_HOME/thumbnails/{normal,large,x-large,xx-large}/<MD5 of the file URI>.png`
/// when their `Thumb::MTime` (and `Thumb::Size`, when given) still describe the file, so a second
/// visit (and a file manager's first) skips decoding the original; written after a decode, and
/// a file that cannot be decoded is recorded under `fail/gallery-<version>/` so it is not tried
/// again until it changes. Thumbnails are upright pixels: no Exif orientation applies to them. A
/// video's is its poster frame, with what a listing needs of its container (`VideoFacts`).
///
/// Every call does file I/O: callers run them off the main actor.
public struct DesktopThumbnails: Sendable {
    /// The `thumbnails` folder of the cache.
    public let directory: FilePath
    /// Written as `Software` into each thumbnail, e.g. "gallery 0.1.0".
    let software: String
    /// This program's folder of failures, `fail/` and e.g. "gallery-0.1.0" under `directory`.
    let failureFolder: FilePath
    /// Told the path of each original decoded (for the debug log).
    let onDecode: @Sendable (String) -> Void

    /// The most bytes of a thumbnail read: 1024x1024 RGBA compresses to far less.
    static let maxThumbnailBytes = 8 << 20

    public init(directory: FilePath, program: String, version: String, onDecode: @escaping @Sendable (String) -> Void = { _ in }) {
        self.directory = directory
        software = "\(program) \(version)"
        failureFolder = directory.appending("fail").appending("\(program)-\(version)")
        self.onDecode = onDecode
    }

    /// `thumbnails` in the user's cache folder (`XDGDirectories.cacheHome`), as the thumbnail
    /// specification places it.
    public static func directory(environment: [String: String]) -> FilePath {
        XDGDirectories(environment: environment).cacheHome.appending("thumbnails")
    }

    /// A file asked about: its URI, the thumbnail's file name, and the size and modification
    /// time thumbnails are checked against.
    struct Original: Sendable {
        let path: FilePath
        let uri: String
        let name: String
        let size: Int
        let modifiedSeconds: Int
    }

    /// What the cache holds for an original.
    enum Lookup {
        /// Upright pixels that cover the box asked about.
        case thumbnail(RGBImage)
        /// This version of the program failed to decode the file as it is now.
        case failed(reason: String)
        case missing
    }

    /// The file at `path` (absolute) as thumbnails name it; nil for a file inside the thumbnail
    /// cache itself, which the spec says to show as it is, never to thumbnail.
    func original(path: FilePath, status: FileStatus) -> Original? {
        original(path: path, size: status.size, modifiedSeconds: status.modifiedSeconds)
    }

    /// The same, given the size and modification time a listing read.
    func original(path: FilePath, size: Int, modifiedSeconds: Int) -> Original? {
        guard path.dropping(prefix: directory.appending("")) == nil else { return nil }
        let uri = FileURI.of(path: path)
        return Original(path: path, uri: uri, name: MD5.hex(Array(uri.utf8)) + ".png", size: size, modifiedSeconds: modifiedSeconds)
    }

    /// The smallest valid thumbnail of `original` that covers `box`, else a failure recorded
    /// for it, else `.missing`.
    func lookup(_ original: Original, covering box: PixelSize, filling: Bool) -> Lookup {
        for size in DesktopThumbnailSize.candidates(covering: box, filling: filling) {
            guard let (bytes, _) = validFile(directory.appending(size.folder).appending(original.name), of: original),
                  let image = try? PNGCodec.decode(bytes, maxPixels: size.pixels * size.pixels),
                  !image.isTruncated,  // a file cut short: its grey part is not the photo's
                  DesktopThumbnailSize.size(PixelSize(width: image.width, height: image.height), covers: box, filling: filling) else { continue }
            return .thumbnail(image)
        }
        if let (_, text) = validFile(failurePath(original), of: original) {
            return .failed(reason: Self.printable(text[Key.reason] ?? "could not be decoded"))
        }
        return .missing
    }

    /// Keeps `image` (the original decoded upright, for `box`) as a thumbnail of the smallest
    /// class that covers `box`, atomically, readable by the user alone, with `text` besides the
    /// keys every thumbnail has (a video's: `VideoFacts`). Nothing is written when no class
    /// covers it, or when the write fails (a full disk, a read-only cache).
    func save(_ image: RGBImage, of original: Original, covering box: PixelSize, filling: Bool,
              text: [(keyword: String, text: String)] = []) {
        let picture = PixelSize(width: image.width, height: image.height)
        guard let size = DesktopThumbnailSize.smallest(covering: box, filling: filling, picture: picture) else { return }
        let fitted = size.thumbnailSize(of: picture)
        let thumbnail = fitted == picture ? image : image.aspectFit(width: fitted.width, height: fitted.height)
        write(thumbnail, of: original, to: directory.appending(size.folder), extra: text)
    }

    /// The text of the first valid thumbnail of `original` in any class, smallest first; nil
    /// when there is none. No pixel is decoded.
    func text(of original: Original) -> [String: String]? {
        DesktopThumbnailSize.allCases.lazy.compactMap { validFile(self.directory.appending($0.folder).appending(original.name), of: original)?.1 }.first
    }

    /// Records that `original` could not be decoded, so it is not tried again until it changes.
    func recordFailure(of original: Original, reason: String) {
        write(RGBImage(width: 1, height: 1, filledWith: RGB(0, 0, 0)), of: original,
              to: failureFolder, extra: [(Key.reason, reason)])
    }

    private func failurePath(_ original: Original) -> FilePath { failureFolder.appending(original.name) }

    private enum Key {
        static let uri = "Thumb::URI"
        static let mtime = "Thumb::MTime"
        static let size = "Thumb::Size"
        static let software = "Software"
        /// Not one of the spec's keys: why the decode failed, shown again on the next visit.
        static let reason = "X-Gallery::Reason"
    }

    /// The bytes and text of the thumbnail file at `path` when its keys describe `original` as
    /// it is now: the same modification time (whole seconds, as the spec writes it), size and URI.
    private func validFile(_ path: FilePath, of original: Original) -> ([UInt8], [String: String])? {
        guard let bytes = try? File.read(path, maxBytes: Self.maxThumbnailBytes) else { return nil }
        let text = PNGText.read(bytes)
        guard text[Key.mtime] == String(original.modifiedSeconds),
              text[Key.size].map({ $0 == String(original.size) }) ?? true,
              text[Key.uri].map({ $0 == original.uri }) ?? true else { return nil }
        return (bytes, text)
    }

    private func write(_ image: RGBImage, of original: Original, to folder: FilePath, extra: [(keyword: String, text: String)] = []) {
        let text: [(keyword: String, text: String)] = [(Key.uri, original.uri), (Key.mtime, String(original.modifiedSeconds)),
                    (Key.size, String(original.size)), (Key.software, software)] + extra
        do {
            let png = try PNGCodec.encode(image, text: text, fast: true)
            try File.makeDirectories(folder, permissions: 0o700)
            try File.writeAtomically(png, to: folder.appending(original.name), permissions: 0o600)
        } catch {
            // A cache: the picture is on screen already, and the next visit decodes again.
        }
    }

    /// A reason read back from a file, as one short line of printable ASCII for the screen.
    static func printable(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter { $0.value >= 0x20 && $0.value < 0x7F }.prefix(120)))
    }
}
