import Imaging
import OperatingSystem

/// Which files of a listing are one item: files of the same name but for the extension (case
/// ignored), in the same folder. A HEIC or JPEG beside a MOV is a Live Photo, the still shown and
/// the MOV its motion; a JPEG beside a RAW file is a RAW+JPEG pair, the JPEG shown. The files
/// that join another are its `Companion`s, listed once, with it.
enum CompanionPairing {
    /// Stills that a MOV of their name makes a Live Photo.
    static let liveStillExtensions: Set<String> = ["heic", "heif", "jpg", "jpeg"]
    /// A Live Photo's motion.
    static let motionExtensions: Set<String> = ["mov"]
    /// Stills that a RAW file of their name pairs with.
    static let rawStillExtensions: Set<String> = ["jpg", "jpeg"]

    /// The name's extension, lower case ("" when none), and the rest ("IMG_1234").
    static func split(_ name: String) -> (stem: String, extension: String) {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return (name, "") }
        return (String(name[..<dot]), name[name.index(after: dot)...].lowercased())
    }

    /// Every extension that may pair, lower case.
    private static let pairedExtensions = liveStillExtensions.union(motionExtensions).union(ImageFormat.rawFileExtensions)

    /// The name's extension, lower case, when it is one that pairs, told from the path's last
    /// bytes alone; nil for any other.
    private static func pairingExtension(_ path: FilePath) -> String? {
        let bytes = path.bytes
        guard let dot = bytes.lastIndex(of: UInt8(ascii: ".")), bytes.count - dot <= 5 else { return nil }
        let lowered = String(decoding: bytes[(dot + 1)...].map { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) ? $0 + 32 : $0 },
                             as: UTF8.self)
        return pairedExtensions.contains(lowered) ? lowered : nil
    }

    /// `entries` with the companions of each still joined to it and left out on their own;
    /// `raws`: files named as RAW files that are listed nowhere else (no decoder knows them), which
    /// join a JPEG of their name. Answers the RAW files that joined none.
    static func pair(_ entries: inout [LibraryEntry], raws: [FilePath]) -> [FilePath] {
        struct Name: Hashable {
            let folder: FilePath
            let stem: String
        }
        func name(of path: FilePath) -> (Name, String) {
            let (stem, ext) = split(LocalFile.name(of: path))
            return (Name(folder: path.parent, stem: stem.lowercased()), ext)
        }
        // Only names that may pair are grouped: a folder of PNGs costs a look at each name's last
        // bytes, and a library of JPEGs without a MOV or a RAW file a look at each name's extension.
        var maybeStills: [(index: Int, ext: String)] = []
        var others: [(name: Name, ext: String, index: Int?, path: FilePath)] = []
        for (index, entry) in entries.enumerated() where entry.kind != .folder {
            guard let ext = pairingExtension(entry.path) else { continue }
            if entry.kind == .photo, liveStillExtensions.contains(ext) {
                maybeStills.append((index, ext))
            } else if (entry.kind == .video && motionExtensions.contains(ext)) || ImageFormat.rawFileExtensions.contains(ext) {
                others.append((name(of: entry.path).0, ext, index, entry.path))
            }
        }
        others += raws.map { path in
            let (key, ext) = name(of: path)
            return (key, ext, nil, path)
        }
        guard !others.isEmpty else { return raws }
        // Stills in the folders that hold a motion or a RAW file.
        let folders = Set(others.map(\.name.folder))
        var stills: [Name: (index: Int, ext: String)] = [:]
        for (index, ext) in maybeStills where folders.contains(entries[index].path.parent) {
            let key = name(of: entries[index].path).0
            // A JPEG is the one shown when a HEIC of the same name is there too.
            if let known = stills[key], rawStillExtensions.contains(known.ext) { continue }
            stills[key] = (index, ext)
        }
        guard !stills.isEmpty else { return raws }
        var joined: Set<Int> = []
        var unpaired: [FilePath] = []
        for other in others {
            let role: Companion.Role = motionExtensions.contains(other.ext) ? .motion : .raw
            guard let still = stills[other.name],
                  (role == .motion ? liveStillExtensions : rawStillExtensions).contains(still.ext),
                  !entries[still.index].companions.contains(where: { $0.role == role }) else {
                if other.index == nil { unpaired.append(other.path) }
                continue
            }
            entries[still.index].companions.append(Companion(path: other.path, role: role))
            if let index = other.index { joined.insert(index) }
        }
        if !joined.isEmpty { entries = entries.indices.filter { !joined.contains($0) }.map { entries[$0] } }
        return unpaired
    }

    /// `sidecars` (XMP files) joined to the entries they describe: `photo.jpg.xmp` to `photo.jpg`
    /// (or to the item whose RAW file is `photo.cr2`, for `photo.cr2.xmp`), `photo.xmp` to the
    /// item whose main file is `photo.*`. Answers the sidecars that joined none.
    static func pairSidecars(_ entries: inout [LibraryEntry], sidecars: [FilePath]) -> [FilePath] {
        guard !sidecars.isEmpty else { return [] }
        struct Name: Hashable {
            let folder: FilePath
            let name: String
        }
        var byWholeName: [Name: Int] = [:]
        var byStem: [Name: Int] = [:]
        for (index, entry) in entries.enumerated() where entry.kind != .folder {
            for path in [entry.path] + entry.companions.map(\.path) {
                let key = Name(folder: path.parent, name: LocalFile.name(of: path).lowercased())
                if byWholeName[key] == nil { byWholeName[key] = index }
            }
            let key = Name(folder: entry.path.parent, name: split(LocalFile.name(of: entry.path)).stem.lowercased())
            if byStem[key] == nil { byStem[key] = index }
        }
        var unpaired: [FilePath] = []
        for sidecar in sidecars {
            let key = Name(folder: sidecar.parent, name: split(LocalFile.name(of: sidecar)).stem.lowercased())
            guard let index = byWholeName[key] ?? byStem[key] else {
                unpaired.append(sidecar)
                continue
            }
            entries[index].companions.append(Companion(path: sidecar, role: .sidecar))
        }
        return unpaired
    }
}
