import Imaging
import OperatingSystem

/// The image files of one folder, sorted by name (ignoring case first), read once at first use and kept, so that pages
/// stay consistent while the user scrolls.
final class DirectoryListing: Sendable {
    let folder: String
    private let cached = Locked<[String]?>(nil)

    /// Names that may be images; used only for files whose bytes cannot be read to tell.
    static let imageExtensions = ImageFormat.knownFileExtensions

    init(folder: String) {
        self.folder = folder
    }

    /// The file names of the folder's images, sorted.
    func entries() throws -> [String] {
        if let entries = cached.withLock({ $0 }) { return entries }
        let scanned = try Self.scan(folder)
        // Two first pages may scan at once; the first result kept wins, so both agree from then on.
        return cached.withLock { cached in
            if cached == nil { cached = scanned }
            return cached ?? scanned
        }
    }

    /// Lists `folder`: hidden files are left out, readable files are kept when their first bytes
    /// are an image signature, unreadable ones when their name says image.
    static func scan(_ folder: String) throws -> [String] {
        try LocalFile.names(inFolder: folder).filter { name in
            guard !name.hasPrefix(".") else { return false }
            do {
                return ImageFormat(sniffing: try LocalFile.readPrefix(folder + "/" + name, count: ImageFormat.signatureLength)) != nil
            } catch {
                return hasImageExtension(name)
            }
        }.sorted { ($0.lowercased(), $0) < ($1.lowercased(), $1) }
    }

    static func hasImageExtension(_ name: String) -> Bool {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return false }
        return imageExtensions.contains(name[name.index(after: dot)...].lowercased())
    }
}
