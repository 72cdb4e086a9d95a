import OperatingSystem

/// Keeps a folder's grids in step with its files: the folder (for a recursive listing, the
/// folders below it too) is watched, and each batch of changes this app did not make itself lists
/// the files again, off the main actor, then updates every grid over the folder in place. Files
/// still being written are left out until they are complete.
@MainActor final class LiveFolder {
    private let source: DirectorySource
    private let grids: @MainActor () -> [PhotosViewModel]
    private var monitor: FolderMonitor?
    private var isRelisting = false
    /// Changes that came while the files were being listed: the next listing's.
    private var waiting: FolderChangeBatch?
    /// How many listings were applied (for tests).
    private(set) var relistCount = 0

    /// Nil for a list of paths, or when the folder cannot be watched (inotify used up): then the
    /// grid shows the folder as it was when listed, as before.
    init?(source: DirectorySource, timing: FolderMonitor.Timing = FolderMonitor.Timing(),
          grids: @escaping @MainActor () -> [PhotosViewModel]) {
        guard let path = source.path else { return nil }
        self.source = source
        self.grids = grids
        do {
            monitor = try FolderMonitor(folders: [path], timing: timing) { [weak self] batch in self?.handle(batch) }
        } catch {
            return nil
        }
        if source.recursive { watchSubfolders() }
    }

    /// Stops watching.
    /// Reads the folder again now, as after news it could not have had (the app changed its files
    /// while another folder was shown).
    func relist() {
        handle(FolderChangeBatch(overflowed: true))
    }

    func stop() {
        monitor?.stop()
        monitor = nil
    }

    /// A recursive listing's folders, known once the files are scanned (a first page scans them).
    private func watchSubfolders() {
        let source = self.source
        Task { [weak self] in
            let folders = await Task.detached { try? source.watchedFolders() }.value
            self?.monitor?.watch(folders ?? [])
        }
    }

    private func handle(_ batch: FolderChangeBatch) {
        // Hidden names are never listed: a sidecar's temporary file while it is written atomically.
        let news = batch.paths.filter { !$0.isHidden && !self.source.takeOwnMove($0) }
        // A file this app put back (a restore moves it in) is complete, whatever its news said.
        monitor?.notWriting(batch.paths.subtracting(news))
        guard !news.isEmpty || batch.overflowed else { return }
        if isRelisting {
            waiting = waiting.map { var all = $0; all.merge(batch); return all } ?? batch
            return
        }
        isRelisting = true
        let source = self.source
        let beingWritten = monitor?.beingWritten ?? []
        // Grids know photos by id: a path as shown.
        let rewritten = Set(batch.completed.intersection(news).map(\.description))
        Task { [weak self] in
            // A folder gone or unreadable keeps its last listing.
            await Task.detached { try? source.relist(leavingOut: beingWritten) }.value
            guard let self else { return }
            if source.recursive && !batch.newFolders.isEmpty { watchSubfolders() }
            for grid in grids() {
                let feed = grid.feed
                await grid.folderDidChange(rewritten: rewritten) { source.places(of: $0, in: feed) }
            }
            relistCount += 1
            isRelisting = false
            if let next = waiting {
                waiting = nil
                handle(next)
            }
        }
    }
}
