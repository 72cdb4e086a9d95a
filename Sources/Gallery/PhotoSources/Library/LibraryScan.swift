import Imaging
import OperatingSystem

/// What a walk through folders found: the photos and folders to show, and what it left out.
struct LibraryScan: Sendable {
    var entries: [LibraryEntry] = []
    /// Files that are not a picture the app can show.
    var unsupported = 0
    /// Folders that could not be listed (no permission, gone meanwhile), by path.
    var unreadableFolders: [FilePath] = []
    /// Links back to a folder the walk was already in, skipped so the walk ends.
    var loops = 0
    /// Paths given that do not exist.
    var missing: [FilePath] = []
    /// The folders listed: the folder itself and, in a recursive walk, those below it.
    var folders: [FilePath] = []
    /// Files named as RAW files that no decoder reads: listed only beside a JPEG of their name.
    private var rawFiles: [FilePath] = []
    /// XMP files, listed only as the sidecar of a photo of their name.
    private var sidecarFiles: [FilePath] = []
    /// What the walk met and did not enter, in order, listed once the walk ends (`listMet()`).
    private var met: [Met] = []
    /// Files opened to tell what they are by their first bytes: those `index` did not know as they are.
    private(set) var filesOpened = 0
    /// What files are, kept between launches: a file it knows as it is now is not opened.
    private let index: DateIndex?
    /// The first `maxSkipReasons` paths left out, each with why, for the log.
    private(set) var skipReasons: [String] = []
    /// How many reasons the log gets at most: a folder of 100,000 text files must not fill it.
    static let maxSkipReasons = 200

    private init(index: DateIndex?) {
        self.index = index
    }

    /// Everything left out: files of no format the app shows, link loops, folders that cannot be
    /// read, paths given that do not exist (the status bar's "3 skipped").
    var skipped: Int { unsupported + loops + unreadableFolders.count + missing.count }

    /// The status bar's note of what was left out that the user may act on (folders that cannot
    /// be read, link loops, paths not found), nil when nothing was. Unsupported files are only
    /// counted (`skipped`), their names in the log.
    var note: String? {
        var parts: [String] = []
        if let first = unreadableFolders.first {
            parts.append(unreadableFolders.count == 1 ? "cannot read folder \(LocalFile.name(of: first))"
                                                     : "\(unreadableFolders.count) folders cannot be read")
        }
        if loops > 0 { parts.append("\(CountText.count(loops, "link loop")) skipped") }
        if let first = missing.first {
            parts.append(missing.count == 1 ? "no such file: \(first)" : "\(missing.count) paths not found")
        }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }

    /// Names that may be images; used only for files whose bytes cannot be read to tell.
    static let imageExtensions = ImageFormat.knownFileExtensions

    /// The folder's photos and subfolders (`recursive`: every photo below it, and no folders).
    /// Hidden names are left out. Throws only when `folder` itself cannot be listed.
    ///
    /// A recursive walk follows symbolic links only once every folder below is walked: a folder
    /// is then listed under its own path, and a link to it is skipped as a folder already listed,
    /// whatever order the folders give their names in. Walked in the order met, a link named
    /// before its folder took the folder's photos (`--pick` printed them under the link) and the
    /// folder itself was counted as a link loop.
    ///
    /// `index`: what files are, known from before (a file it holds as it is now is not opened), and
    /// where what the walk finds out is kept.
    static func folder(_ folder: FilePath, recursive: Bool, index: DateIndex? = nil) throws -> LibraryScan {
        var scan = LibraryScan(index: index)
        var visited: Set<FolderIdentity> = []
        if let status = try? FileStatus(path: folder) { visited.insert(FolderIdentity(status)) }
        var links: [(path: FilePath, title: String)] = []
        try scan.add(contentsOf: folder, prefix: "", recursive: recursive, visited: &visited, links: &links)
        var next = 0
        while next < links.count {
            let link = links[next]
            next += 1
            scan.add(path: link.path, title: link.title, recursive: true, visited: &visited, links: &links)
        }
        scan.listMet()
        scan.pairCompanions()
        return scan
    }

    /// Exactly `paths` (files and folders, as given on the command line or stdin).
    static func paths(_ paths: [FilePath], index: DateIndex? = nil) -> LibraryScan {
        var scan = LibraryScan(index: index)
        var seen: Set<FilePath> = []
        for path in paths where seen.insert(path).inserted {
            // Photos given one by one often come from many folders (find's output): the folder's
            // name tells apart files that share a name.
            let folder = LocalFile.name(of: path.parent)
            let title = folder == "/" ? LocalFile.name(of: path) : folder + "/" + LocalFile.name(of: path)
            scan.add(path: path, title: title, recursive: false, visited: nil, missingIsNoted: true)
        }
        // Photos given one by one come without their folders' listings: their sidecars are looked for.
        for entry in scan.entries where entry.kind != .folder {
            for sidecar in XMPSidecar.names(for: entry.path) {
                if !seen.contains(sidecar), (try? FileStatus(path: sidecar))?.kind == .regular {
                    seen.insert(sidecar)
                    scan.sidecarFiles.append(sidecar)
                }
            }
        }
        scan.pairCompanions()
        return scan
    }

    /// `links`: the symbolic links a recursive walk met, followed after it.
    private mutating func add(contentsOf folder: FilePath, prefix: String, recursive: Bool,
                              visited: inout Set<FolderIdentity>, links: inout [(path: FilePath, title: String)]) throws {
        let entries = try LocalFile.entries(inFolder: folder).filter { !$0.name.isHidden }
        folders.append(folder)
        for entry in entries {
            let path = folder.appending(entry.name), name = entry.name.description
            let title = recursive ? prefix + name : name
            if entry.kind == .regular {
                // A sidecar by its name, not opened: only a photo of its name lists it.
                if Self.isSidecar(entry.name) { sidecarFiles.append(path) } else { met.append(.file(path, title: title)) }
            } else if recursive {
                // The folder's record says what the name is; a file system that does not say is asked.
                let kind = entry.kind ?? (try? FileStatus(path: path, followingLinks: false))?.kind
                if kind == .symbolicLink {
                    links.append((path, title))
                } else {
                    add(path: path, title: title, recursive: true, visited: &visited, links: &links)
                }
            } else {
                met.append(.other(path, title: title))
            }
        }
        if met.count >= Self.filesPerBatch { listMet() }
    }

    /// A name the walk met and did not enter.
    private enum Met {
        /// A plain file, as its folder says: its status, and unless the index knows it as it is,
        /// one open for its first bytes.
        case file(FilePath, title: String)
        /// Anything else: a folder not entered, a name whose folder did not say what it is.
        case other(FilePath, title: String)
    }

    /// Lists what the walk met, in the order met, a batch at a time (`filesPerBatch`). The plain
    /// files are told apart first, on every core at once: a folder at a time kept one core busy
    /// in a library of YEAR/MONTH folders, each holding fewer files than a thread is worth. Four
    /// system calls a file opened are most of a large library's first listing, one a file known
    /// of the next.
    private mutating func listMet() {
        let met = self.met, index = self.index
        self.met = []
        for start in stride(from: 0, to: met.count, by: Self.filesPerBatch) {
            let batch = start..<min(start + Self.filesPerBatch, met.count)
            let plainFiles = batch.concurrentMapParts(minimumPerThread: Self.filesPerThread) { part in
                PlainFile.classify(part.map { place in if case .file(let path, _) = met[place] { path } else { nil } }, index: index)
            }
            filesOpened += plainFiles.count { $0?.wasOpened == true }
            for (place, file) in zip(batch, plainFiles) {
                switch met[place] {
                case .file(let path, let title):
                    switch file?.kind {
                    case .photo?: entries.append(LibraryEntry(path: path, title: title, kind: .photo, status: file?.status))
                    case .video?: entries.append(LibraryEntry(path: path, title: title, kind: .video, status: file?.status))
                    case .neither?: skipUnsupported(path)
                    // Gone, changed or unreadable since its folder was read: looked at on its own.
                    case nil: add(path: path, title: title, recursive: false, visited: nil, missingIsNoted: false)
                    }
                case .other(let path, let title):
                    add(path: path, title: title, recursive: false, visited: nil, missingIsNoted: false)
                }
            }
        }
    }

    /// Files told apart at once: enough for every core, few enough that what they are told by
    /// (their status, where they are known, what they are) is small beside the listing.
    static let filesPerBatch = 8_192

    /// Files a thread classifies at least: below that, handing work to another thread costs more
    /// than it saves.
    static let filesPerThread = 2_000

    /// A recursive walk's step: folders are entered unless already visited.
    private mutating func add(path: FilePath, title: String, recursive: Bool, visited: inout Set<FolderIdentity>,
                              links: inout [(path: FilePath, title: String)]) {
        guard let status = try? FileStatus(path: path), status.kind == .directory else {
            met.append(.other(path, title: title))
            return
        }
        guard visited.insert(FolderIdentity(status)).inserted else {
            loops += 1
            noteSkip(path, "a link to a folder already listed (a loop)")
            return
        }
        do {
            try add(contentsOf: path, prefix: title + "/", recursive: true, visited: &visited, links: &links)
        } catch {
            unreadableFolders.append(path)
            noteSkip(path, "folder cannot be read: \(ErrorMessage.text(for: error))")
        }
    }

    /// One path: a folder becomes a tile, a picture a photo, anything else is counted as
    /// unsupported. A path named like an image that cannot be read (a dangling link) is still
    /// listed, so its cell says why it failed instead of the photo silently missing.
    private mutating func add(path: FilePath, title: String, recursive: Bool, visited: Set<FolderIdentity>?,
                              missingIsNoted: Bool) {
        let status = try? FileStatus(path: path)
        switch status?.kind {
        case .directory?:
            let isLink = (try? FileStatus(path: path, followingLinks: false))?.kind == .symbolicLink
            entries.append(LibraryEntry(path: path, title: title, kind: .folder, status: status, isLink: isLink))
        case .regular?:
            let file = PlainFile.classify([path], index: index)[0]
            if file?.wasOpened != false { filesOpened += 1 }
            // One that cannot be opened is told by its name.
            switch file?.kind ?? (Self.hasImageExtension(path) ? .photo : .neither) {
            case .photo: entries.append(LibraryEntry(path: path, title: title, kind: .photo, status: file?.status ?? status))
            case .video: entries.append(LibraryEntry(path: path, title: title, kind: .video, status: file?.status ?? status))
            case .neither: skipUnsupported(path)
            }
        case .other?, .symbolicLink?:
            // A link is followed above, so only other kinds land here: devices, sockets, FIFOs,
            // never opened (reading one may wait for ever or never end).
            skipUnsupported(path, status?.special.map { "\($0), not a file" })
        case nil:
            if missingIsNoted && (try? FileStatus(path: path, followingLinks: false)) == nil {
                missing.append(path)
                noteSkip(path, "no such file")
            } else if Self.hasImageExtension(path) {
                entries.append(LibraryEntry(path: path, title: title, kind: .photo, status: nil))
            } else {
                skipUnsupported(path)
            }
        }
    }

    /// A regular file classified: by the index when it knows the file as it is now, else from one
    /// open (its status, then its first bytes), which the index then keeps.
    private struct PlainFile: Sendable {
        let kind: DateIndex.FileKind
        let status: FileStatus
        /// Whether the file was opened: the index did not know it.
        let wasOpened: Bool

        /// Enough of a file's start to tell a picture or a video from anything else.
        static let signatureLength = max(ImageFormat.signatureLength, VideoFormat.signatureLength)

        /// Each of `paths` (nil: not a plain file, left nil), nil when the file cannot be opened or
        /// is no regular file any more: the caller then looks at the path on its own. What the
        /// index knows is looked up all at once.
        static func classify(_ paths: [FilePath?], index: DateIndex?) -> [PlainFile?] {
            guard let index else { return paths.map { $0.flatMap { PlainFile(opening: $0, index: nil) } } }
            let statuses = regularStatuses(of: paths)
            let known = statuses.indices.filter { statuses[$0] != nil }
            let kinds = index.kinds(for: known.map { DateIndex.Key(path: paths[$0]!, status: statuses[$0]!) })
            var files = [PlainFile?](repeating: nil, count: paths.count)
            for (place, kind) in zip(known, kinds) {
                if let kind, let status = statuses[place] { files[place] = PlainFile(kind: kind, status: status, wasOpened: false) }
            }
            for place in paths.indices where files[place] == nil {
                files[place] = paths[place].flatMap { PlainFile(opening: $0, index: index) }
            }
            return files
        }

        /// Each path's status when it is a regular file, nil otherwise. A folder's files come
        /// together: each is looked up from its folder, held open while they come.
        private static func regularStatuses(of paths: [FilePath?]) -> [FileStatus?] {
            var folder: OpenFolder?
            return paths.map { path in
                guard let path else { return nil }
                if folder?.holds(path) != true { folder = try? OpenFolder(path.parent) }
                let status = folder?.holds(path) == true ? (try? folder?.status(of: path)) ?? nil : try? FileStatus(path: path)
                return status?.kind == .regular ? status : nil
            }
        }

        private init(kind: DateIndex.FileKind, status: FileStatus, wasOpened: Bool) {
            (self.kind, self.status, self.wasOpened) = (kind, status, wasOpened)
        }

        /// The file told by its first bytes, kept in `index`.
        private init?(opening path: FilePath, index: DateIndex?) {
            guard let descriptor = try? FileDescriptor.open(path) else { return nil }
            defer { try? descriptor.close() }
            guard let status = try? descriptor.status(), status.kind == .regular else { return nil }
            let prefix = try? descriptor.read(upTo: Self.signatureLength)
            kind = switch Self.kind(of: prefix, path: path) {
            case .photo?: .photo
            case .video?: .video
            default: .neither
            }
            (self.status, wasOpened) = (status, true)
            // A file whose first bytes could not be read is told by its name: not kept.
            if prefix != nil { index?.remember(kind, for: DateIndex.Key(path: path, status: status)) }
        }

        /// A photo or a video by its first bytes; by its name's extension only when they could
        /// not be read (a picture named so is listed, to say why it fails); nil: neither.
        static func kind(of prefix: [UInt8]?, path: FilePath) -> LibraryEntry.Kind? {
            guard let prefix else { return LibraryScan.hasImageExtension(path) ? .photo : nil }
            if ImageFormat(sniffing: prefix) != nil { return .photo }
            if VideoFormat(sniffing: prefix) != nil { return .video }
            return nil
        }
    }

    /// A Live Photo's still and motion, a RAW+JPEG pair, made one entry; RAW files that joined
    /// none are left out as files of no format shown.
    private mutating func pairCompanions() {
        for path in CompanionPairing.pair(&entries, raws: rawFiles) { skipUnsupported(path, companionless: true) }
        rawFiles = []
        for path in CompanionPairing.pairSidecars(&entries, sidecars: sidecarFiles) { skipUnsupported(path, companionless: true) }
        sidecarFiles = []
    }

    /// The labels of the photos that have sidecars, read from them: only those files are read,
    /// on every core when there are many. For a listing filtered by them (a page shown reads its own).
    mutating func readLabels() {
        let described = entries.indices.filter { entries[$0].companions.contains { $0.role == .sidecar } }
        guard !described.isEmpty else { return }
        let listed = entries
        let labels = described.indices.concurrentMap(minimumPerThread: Self.sidecarsPerThread) { index in
            XMPSidecar.labels(of: listed[described[index]].path, companions: listed[described[index]].companions)
        }
        for (index, entry) in described.enumerated() { entries[entry].labels = labels[index] }
    }

    /// Sidecars a thread reads at least.
    static let sidecarsPerThread = 200

    /// `reason`: why, when it is not the format (a FIFO); `companionless`: a RAW file is known to
    /// have no JPEG to join.
    private mutating func skipUnsupported(_ path: FilePath, _ reason: String? = nil, companionless: Bool = false) {
        if reason == nil, !companionless {
            let ext = CompanionPairing.split(LocalFile.name(of: path)).extension
            if ImageFormat.rawFileExtensions.contains(ext) {
                rawFiles.append(path)
                return
            }
            if ext == XMPSidecar.fileExtension {
                sidecarFiles.append(path)
                return
            }
        }
        unsupported += 1
        noteSkip(path, reason ?? "not a photo or video format gallery shows")
    }

    private mutating func noteSkip(_ path: FilePath, _ reason: String) {
        guard skipReasons.count < Self.maxSkipReasons else { return }
        // Quoted, as shown (control characters escaped): the log may be read on a terminal.
        skipReasons.append("skipped \"\(path)\": \(reason)")
    }

    /// Whether the name is an XMP sidecar's, told from its last bytes alone.
    static func isSidecar(_ name: FilePath) -> Bool {
        let bytes = name.bytes, suffix = Array(".\(XMPSidecar.fileExtension)".utf8)
        return bytes.count > suffix.count && bytes.suffix(suffix.count).map { $0 | 0x20 } == suffix
    }

    static func hasImageExtension(_ path: FilePath) -> Bool {
        hasExtension(path, in: imageExtensions)
    }

    /// Names that may be photos or videos.
    static let mediaExtensions = imageExtensions.union(VideoFormat.knownFileExtensions)

    static func hasMediaExtension(_ path: FilePath) -> Bool {
        hasExtension(path, in: mediaExtensions)
    }

    private static func hasExtension(_ path: FilePath, in extensions: Set<String>) -> Bool {
        let name = LocalFile.name(of: path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return false }
        return extensions.contains(name[name.index(after: dot)...].lowercased())
    }
}

/// A folder's device and inode: the same folder whatever link led to it.
private struct FolderIdentity: Hashable {
    let device: UInt64
    let inode: UInt64

    init(_ status: FileStatus) {
        device = status.device
        inode = status.inode
    }
}
