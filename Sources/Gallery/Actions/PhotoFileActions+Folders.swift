import OperatingSystem

/// `C` and `M` (the marked photos, else the selected one, to another folder) and the user's own
/// commands (`[commands]`, `:`) on them.
extension PhotoFileActions {
    /// The photos `C`, `M` or a command is for: the marked ones, else the selected one; nil after
    /// saying why there are none (a web catalog, a folder tile).
    public func chosenPhotos(in viewModel: PhotosViewModel, selected: LibraryItem?, for what: String) -> [LibraryItem]? {
        chosenPhotos(marked: viewModel.markedPhotos, selected: selected, for: what)
    }

    /// The photos `C`, `M` or a command is for: `marked`, else `selected`; nil after saying why
    /// there are none.
    func chosenPhotos(marked: [LibraryItem], selected: LibraryItem?, for what: String) -> [LibraryItem]? {
        guard files != nil else {
            message = "only files in a folder can be \(what)"
            return nil
        }
        let photos = marked.isEmpty ? [selected].compactMap { $0 } : marked
        guard !photos.isEmpty, photos.allSatisfy(\.isMedia) else {
            message = "only photos can be \(what): mark or select photos"
            return nil
        }
        return photos
    }

    /// What `C` and `M`'s prompt starts from: the folder of `photo`, ending in a slash ("" when its
    /// path is not text).
    public func startingFolder(for photo: LibraryItem) -> String {
        guard let files, let folder = files.filePath(of: photo).parent.text else { return "" }
        return folder == "/" ? folder : folder + "/"
    }

    /// The folder `text` names: `~` the home folder, a relative path from the folder `photos` are in.
    func folder(named text: String, from photos: [LibraryItem]) -> FilePath {
        let expanded = text == "~" ? home : text.hasPrefix("~/") ? home + text.dropFirst(1) : text
        guard !expanded.hasPrefix("/"), let files, let photo = photos.first else { return FilePath(expanded) }
        return files.filePath(of: photo).parent.appending(expanded)
    }

    /// Tab's folders for `text` in `C` and `M`'s prompt, read as `folder(named:from:)` reads it.
    func folderCompletion(of text: String, from photos: [LibraryItem]) -> FolderCompletion? {
        guard let files, let photo = photos.first else { return nil }
        return FolderCompletion(of: text, home: home, base: files.filePath(of: photo).parent)
    }

    /// `C` / `M`'s answer: copies or moves `photos` with their companions into the folder `text`
    /// names, each photo all or none; a photo with a file whose name is taken there stays, and the
    /// message says so. Moves go into the undo history (`u`).
    public func transfer(_ photos: [LibraryItem], toFolder text: String, moving: Bool) {
        guard let files else { return }
        let folder = folder(named: text, from: photos)
        let folderName = LocalFile.name(of: folder)
        guard !text.isEmpty, (try? FileStatus(path: folder))?.kind == .directory else {
            message = "\(text.isEmpty ? "no folder was given" : "\(text) is not a folder"): nothing was \(moving ? "moved" : "copied")"
            return
        }
        var moved: [GonePhoto] = []
        var done = 0
        var failures: [String] = []
        for photo in photos {
            let steps = FolderTransfer.steps(files.filePaths(of: photo), into: folder)
            if let failure = moving ? FolderTransfer.move(steps) : FolderTransfer.copy(steps) {
                let name = LocalFile.name(of: failure.file)
                failures.append(failure.error.isAlreadyExisting ? "\(name) is already in \(folderName)"
                    : "\(name) was not \(moving ? "moved" : "copied"): \(failure.error.reason)")
                continue
            }
            done += 1
            if moving { moved.append(GonePhoto(photo: photo, files: .moved(steps))) }
        }
        leave(moved)
        if done > 0 && !moving { changes += 1 }
        message = Self.summary(done: done, of: photos, failures: failures) {
            moving ? "moved \($0) to \(folderName) (u moves back)" : "copied \($0) to \(folderName)"
        }
    }

    /// Runs `command` with the main files of `photos` as its last arguments (companions stay out: a
    /// program given a photo is given the photo), on the terminal, then says how it ended. With
    /// `thenWaitForKey`, what it wrote stays on the screen until a key is pressed.
    public func run(_ command: UserCommand, on photos: [LibraryItem], thenWaitForKey: Bool = false) {
        guard let files else { return }
        defer { changes += 1 }
        switch runInTerminal(command.arguments(with: photos.map { files.filePath(of: $0) }), thenWaitForKey) {
        case .success(let ended):
            message = "\(command.name): " + (ended.signal.map { "ended by signal \($0)" }
                ?? (ended.succeeded ? "done" : "exit \(ended.status)"))
        case .failure(let error):
            message = "\(command.name): " + (error.isMissing ? "no such program" : error.reason)
        }
    }

    /// `:`'s answer: the command typed, run as a bound one is, but for what it wrote staying on the
    /// screen until a key is pressed, as after lf's `!` and vim's `:!`: a bound key's program is an
    /// editor or a copy, a typed one is as often `ls` or `exiftool`, whose output is the point.
    public func run(typed text: String, on photos: [LibraryItem]) {
        do {
            run(try UserCommand(text, home: home), on: photos, thenWaitForKey: true)
        } catch {
            message = "the command was not run: \(error.description)"
        }
    }
}
