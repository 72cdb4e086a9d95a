import OperatingSystem
public import Observation

/// What `D` (to the trash, after a y/n question), `C` and `M` (a copy or a move to another
/// folder), `u` (undo: back from the trash or from the other folder), `R` (rename), the labels
/// (`0`–`5`, `p`, `x`, `6`–`9`, into XMP sidecars) and the user's own commands (`[commands]`, `:`)
/// do to a folder's photos and to its folder tiles (the folder itself, as a file manager does), and
/// the one-line message they leave for the status bar. Files and folders are only ever renamed or
/// copied, never over another: nothing here can lose one.
@MainActor
@Observable
public final class PhotoFileActions {
    // MARK: Outputs
    /// The latest outcome, shown in the status bar until the next key.
    public internal(set) var message: String?
    /// The question waiting for y or n ("Move 3 photos to the trash? y/n").
    public var question: String? { pendingTrash.map(Self.question(for:)) }
    /// What the status bar shows: the question, else the message.
    public var statusText: String? { question ?? message }

    // MARK: Dependencies and state
    /// The source the grids show now: a library's changes as the user walks through folders.
    @ObservationIgnored private let currentFiles: @MainActor () -> (any LocalPhotoSource)?
    var files: (any LocalPhotoSource)? { currentFiles() }
    @ObservationIgnored private let trash: FreedesktopTrash?
    /// The grids a photo may be listed in (the folder and its search results).
    @ObservationIgnored private let grids: @MainActor () -> [PhotosViewModel]
    private var pendingTrash: [LibraryItem]?
    /// The batches moved to the trash or to another folder, the last last: what `u` puts back, one
    /// batch at a time.
    @ObservationIgnored private var undoHistory: [[GonePhoto]] = []
    /// How many times the files changed through these actions (trashed, moved, copied, put back,
    /// renamed, labelled, given to a command): a folder's listing kept since it was left (the way
    /// back up) is read again when this changed meanwhile, since marks reach other folders' photos.
    @ObservationIgnored var changes = 0
    /// Reads the folder shown again (its `LiveFolder`), for a photo put back that no grid shown had.
    @ObservationIgnored var relistShownFolder: (@MainActor () -> Void)?
    /// Runs a user's command on the terminal (`AppEnvironment.runInTerminal`).
    @ObservationIgnored let runInTerminal: AppEnvironment.TerminalRunner
    /// The home folder, for `~` in commands and folders typed.
    @ObservationIgnored let home: String

    /// Without `files` (a web catalog) or `trash` (no home folder), the keys say why they do nothing.
    public convenience init(files: (any LocalPhotoSource)?, trash: FreedesktopTrash?,
                            grids: @escaping @MainActor () -> [PhotosViewModel],
                            runInTerminal: AppEnvironment.TerminalRunner? = nil, home: String = "/") {
        self.init(files: { files }, trash: trash, grids: grids, runInTerminal: runInTerminal, home: home)
    }

    /// `files` is asked each time: the source a folder's grids show changes as the user walks.
    /// `runInTerminal` runs a user's command; nil: on this process's terminal as it is (tests).
    public init(files: @escaping @MainActor () -> (any LocalPhotoSource)?, trash: FreedesktopTrash?,
                grids: @escaping @MainActor () -> [PhotosViewModel],
                runInTerminal: AppEnvironment.TerminalRunner? = nil, home: String = "/") {
        currentFiles = files
        self.trash = trash
        self.grids = grids
        self.runInTerminal = runInTerminal ?? Self.runOnTerminalAsItIs
        self.home = home
    }

    private static func runOnTerminalAsItIs(_ arguments: [FilePath], thenWaitForKey _: Bool) -> Result<ChildProcess.Termination, SystemError> {
        Result { () throws(SystemError) in try ChildProcess.runInForeground(arguments) }
    }

    // MARK: Inputs
    /// Clears the last message (the user moved on).
    public func dismissMessage() {
        if message != nil { message = nil }
    }

    /// `D`: asks whether to move the marked photos of `viewModel`, or `selected` (a photo or a
    /// folder) when none is marked.
    public func askToTrash(in viewModel: PhotosViewModel, selected: LibraryItem?) {
        askToTrash(viewModel.markedPhotos.isEmpty ? [selected].compactMap { $0 } : viewModel.markedPhotos)
    }

    /// `D`: asks whether to move `photos` (photos, or one folder) to the trash.
    func askToTrash(_ photos: [LibraryItem]) {
        guard ready(toBe: "moved to the trash") != nil, !photos.isEmpty else { return }
        message = nil
        pendingTrash = photos
    }

    /// The answer to the question: `y` moves the photos, anything else keeps them.
    public func answer(yes: Bool) {
        guard let photos = pendingTrash else { return }
        pendingTrash = nil
        guard yes else {
            message = "nothing was moved"
            return
        }
        moveToTrash(photos)
    }

    /// `u`: puts the last batch moved to the trash or to another folder back where it was, except
    /// photos whose names are taken now, which stay for the next `u`.
    public func undo() {
        guard files != nil else {
            message = "only files in a folder can be restored"
            return
        }
        guard let batch = undoHistory.popLast() else {
            message = "nothing to undo"
            return
        }
        var failures: [String] = []
        var kept: [GonePhoto] = []
        var restored = 0
        var unplaced = false
        for entry in batch {
            do {
                try putBack(entry.files)
                files?.restored(entry.photo)
                let shown = grids()
                for grid in shown {
                    grid.update(.putBack(entry.photo, at: entry.places.first { $0.viewModel === grid }?.index))
                }
                unplaced = unplaced || !shown.contains { grid in entry.places.contains { $0.viewModel === grid } }
                restored += 1
            } catch {
                failures.append(error.description)
                kept.append(entry)
            }
        }
        if !kept.isEmpty { undoHistory.append(kept) }
        if restored > 0 { changes += 1 }
        // Gone from another folder's grid than those shown (marks reach every folder, and the user
        // may have walked since): whether the folder shown lists it now is its listing's to say.
        if unplaced { relistShownFolder?() }
        message = Self.summary(done: restored, of: batch.map(\.photo), failures: failures) { count in
            if case .moved(let moves) = batch[0].files, let folder = moves.first?.to.parent {
                return "moved \(count) back from \(LocalFile.name(of: folder))"
            }
            return "restored \(count)"
        }
    }

    /// The name `R` starts from: the file's or folder's own.
    public func renamableName(of photo: LibraryItem) -> String? {
        guard let files else {
            message = "only files in a folder can be renamed"
            return nil
        }
        return LocalFile.name(of: files.filePath(of: photo))
    }

    /// `R`'s answer: renames the file or folder to `newName` in its folder, never over another;
    /// its companions (a Live Photo's motion, a JPEG's RAW file) take the new name's stem with
    /// their own extensions, all or none.
    public func rename(_ photo: LibraryItem, to newName: String) {
        guard let files else { return }
        let path = files.filePath(of: photo)
        let oldName = LocalFile.name(of: path)
        if let refusal = Self.refusal(ofName: newName) {
            message = refusal
            return
        }
        guard newName != oldName else { return }
        // The folder's bytes stay as they are; the new name is the text the user typed.
        let moves = [(path, path.parent.appending(newName))]
            + photo.companions.map { ($0.path, $0.renamed(withMainFileNamed: newName, from: oldName).path) }.filter { $0.0 != $0.1 }
        // Said before a file is touched; a file system that holds fewer bytes than it says
        // (ENAMETOOLONG from the rename) gets the same sentence.
        let longest = Directory.longestName(in: path.parent)
        if let long = moves.map({ LocalFile.name(of: $0.1) }).first(where: { $0.utf8.count > longest }) {
            message = Self.tooLong(long, longest: longest)
            return
        }
        var done: [(FilePath, FilePath)] = []
        for (from, to) in moves {
            do {
                try File.renameWithoutReplacing(from, to: to)
                done.append((from, to))
            } catch {
                // All or none: the files renamed already take their names back.
                for (back, renamed) in done.reversed() { try? File.renameWithoutReplacing(renamed, to: back) }
                message = error.isAlreadyExisting ? "\(LocalFile.name(of: to)) already exists: nothing was renamed"
                    : error.isNameTooLong ? Self.tooLong(LocalFile.name(of: to), longest: longest)
                    : "\(oldName) was not renamed: \(error.reason)"
                return
            }
        }
        let renamed = files.renamed(photo, to: newName)
        for viewModel in grids() { viewModel.update(.renamed(photo, to: renamed)) }
        changes += 1
        message = "renamed \(oldName) to \(newName)" + (photo.companions.isEmpty ? "" : " (and its \(Self.companionWords(photo)))")
    }

    /// `0`–`5`, `p`, `x`, `6`–`9`: changes the labels of `photos` (folders left out) in their XMP
    /// sidecars; every grid is told. Answers the photos as they are now (unchanged ones too).
    @discardableResult
    public func label(_ change: LabelChange, on photos: [LibraryItem]) -> [LibraryItem] {
        guard let files else {
            message = "only photos in a folder can be rated or labelled"
            return []
        }
        let photos = photos.filter(\.isMedia)
        guard !photos.isEmpty else {
            message = "a folder is not rated or labelled"
            return []
        }
        // Pressed again on photos that all have it, a flag or a colour goes.
        let clears = photos.allSatisfy { change.isSet(in: $0.labels) }
        var done: [LibraryItem] = []
        var failures: [String] = []
        for photo in photos {
            let labels = change.applied(to: photo.labels, clears: clears)
            guard labels != photo.labels else {
                done.append(photo)
                continue
            }
            do {
                done.append(try files.labelled(photo, labels))
            } catch {
                failures.append("\(error)")
            }
        }
        for grid in grids() { grid.update(.labelled(done)) }
        changes += 1
        let sentence = done.isEmpty ? [] : [change.sentence(clears: clears, count: done.count)]
        message = (sentence + failures.prefix(1)).joined(separator: "; ") + (failures.count > 1 ? " (and \(failures.count - 1) more)" : "")
        return done
    }

    /// "motion", "RAW file": what the files that go with `photo` are to it.
    static func companionWords(_ photo: LibraryItem) -> String {
        photo.companions.map {
            switch $0.role {
            case .motion: "motion"
            case .raw: "RAW file"
            case .sidecar: "sidecar"
            }
        }.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }.joined(separator: " and ")
    }

    /// Puts a photo's files back, all or none: when one's name is taken now, none goes back.
    private func putBack(_ gone: GonePhoto.Files) throws(UndoError) {
        switch gone {
        case .trashed(let files):
            guard let trash else { return }
            if files.count > 1, let taken = files.first(where: { (try? FileStatus(path: $0.originalPath, followingLinks: false)) != nil }) {
                throw UndoError(TrashError.originalTaken(name: LocalFile.name(of: taken.originalPath)).description)
            }
            do { for file in files { try trash.restore(file) } } catch { throw UndoError(error.description) }
        case .moved(let moves):
            let back = moves.map { (from: $0.to, to: $0.from) }
            if let failure = FolderTransfer.move(back) {
                let why = failure.error.isAlreadyExisting ? "another file has its name now" : failure.error.reason
                throw UndoError("\(LocalFile.name(of: back[0].to)) was not moved back: \(why)")
            }
        }
    }

    // MARK: Work
    private func moveToTrash(_ photos: [LibraryItem]) {
        guard let trash = ready(toBe: "moved to the trash"), files != nil else { return }
        var moved: [GonePhoto] = []
        var failures: [String] = []
        for photo in photos {
            // All of a photo's files or none: when a companion cannot go, those gone come back.
            var trashed: [TrashedFile] = []
            do {
                for path in files?.filePaths(of: photo) ?? [] { trashed.append(try trash.moveToTrash(path)) }
                moved.append(GonePhoto(photo: photo, files: .trashed(trashed)))
            } catch {
                for file in trashed.reversed() { try? trash.restore(file) }
                failures.append(error.description)
            }
        }
        leave(moved)
        message = Self.summary(done: moved.count, of: photos, failures: failures) {
            "moved \($0) to the trash (u restores)"
        }
    }

    /// Takes the photos gone from the folder out of its listing and its grids, keeping the places
    /// they had for `u`.
    func leave(_ gone: [GonePhoto]) {
        guard let files, !gone.isEmpty else { return }
        changes += 1
        var gone = gone
        for entry in gone { files.removed(entry.photo) }
        let positions = Dictionary(gone.enumerated().map { ($0.element.photo.id, $0.offset) }, uniquingKeysWith: { a, _ in a })
        for grid in grids() {
            let ids = Set(positions.keys)
            for (photo, index) in grid.places(ofIDs: ids) {
                if let position = positions[photo.id] { gone[position].places.append(Place(viewModel: grid, index: index)) }
            }
            grid.update(.removed(ids))
        }
        undoHistory.append(gone)
        // A long session's history need not hold every batch.
        if undoHistory.count > 100 { undoHistory.removeFirst() }
    }

    /// The trash, or nil after saying why nothing can change here.
    private func ready(toBe done: String) -> FreedesktopTrash? {
        guard files != nil else {
            message = "only files in a folder can be \(done)"
            return nil
        }
        guard let trash else {
            message = "no trash folder: neither XDG_DATA_HOME nor HOME is set"
            return nil
        }
        return trash
    }

    // MARK: Sentences
    static func question(for photos: [LibraryItem]) -> String {
        if photos.count == 1, let folder = photos[0].folder {
            let name = "\"\(photos[0].title)\""
            // Only the link moves: saying "and its 12 photos" would be untrue.
            if folder.isLink { return "Move the link \(name) to the trash (not the folder it points to)? y/n" }
            guard let photoCount = folder.photoCount else { return "Move the folder \(name) to the trash? y/n" }
            let inside = [(photoCount, "photo"), (folder.folderCount, "folder")].filter { $0.0 > 0 }.map { CountText.count($0.0, $0.1) }
            if inside.isEmpty { return "Move the empty folder \(name) to the trash? y/n" }
            return "Move the folder \(name) and its \(inside.joined(separator: " and ")) to the trash? y/n"
        }
        let what = photos.count == 1 ? "\"\(photos[0].title.isEmpty ? photos[0].id : photos[0].title)\"" : "\(photos.count) photos"
        // The files that go with it are said, so that nobody is surprised that the MOV went too.
        let with = photos.count == 1 && !photos[0].companions.isEmpty ? " and its \(companionWords(photos[0]))" : ""
        return "Move \(what)\(with) to the trash? y/n"
    }

    /// Why `name` cannot be a file's new name, or nil when it can.
    static func refusal(ofName name: String) -> String? {
        if name.isEmpty { return "a name cannot be empty: nothing was renamed" }
        if name.contains("/") { return "a name cannot contain \"/\": nothing was renamed" }
        if name == "." || name == ".." { return "\"\(name)\" cannot be a file's name: nothing was renamed" }
        return nil
    }

    /// Why `name` cannot be a name in a folder whose names hold at most `longest` bytes.
    static func tooLong(_ name: String, longest: Int) -> String {
        "a name holds at most \(longest) bytes here, not \(name.utf8.count): nothing was renamed"
    }

    /// `sentence` of the count of `items` done ("moved 3 photos to the trash", "restored 2 of 3
    /// photos", "moved the folder "sub" to the trash": a batch holds one folder, or one link to a
    /// folder, or only photos), then the first failure and how many more there were; only the
    /// failure when nothing was done.
    static func summary(done: Int, of items: [LibraryItem], failures: [String], sentence: (String) -> String) -> String {
        let total = items.count
        let count = if total == 1, let folder = items[0].folder {
            "the \(folder.isLink ? "link" : "folder") \"\(items[0].title)\""
        } else {
            done == total ? "\(total) photo\(total == 1 ? "" : "s")" : "\(done) of \(total) photos"
        }
        let parts = (done > 0 ? [sentence(count)] : []) + failures.prefix(1)
        return parts.joined(separator: "; ") + (failures.count > 1 ? " (and \(failures.count - 1) more)" : "")
    }
}

/// A photo gone from the folder shown, to the trash or to another folder (its file and its
/// companions'), and the places it had in each grid: what `u` puts back.
struct GonePhoto {
    enum Files {
        case trashed([TrashedFile])
        /// Each file's path before and after.
        case moved([(from: FilePath, to: FilePath)])
    }

    let photo: LibraryItem
    let files: Files
    fileprivate var places: [Place] = []

    init(photo: LibraryItem, files: Files) {
        self.photo = photo
        self.files = files
    }
}

/// Why a photo did not come back, as the status bar says it.
private struct UndoError: Error {
    let description: String
    init(_ description: String) { self.description = description }
}

private struct Place {
    weak var viewModel: PhotosViewModel?
    let index: Int
}
