import OperatingSystem

/// What keeping a folder live needs of its source: the folders to watch, a new listing when they
/// change, and which changes were this app's own.
extension DirectorySource {
    /// The most folders a recursive listing watches (each takes one of the user's inotify
    /// watches, shared with every other program); changes below the others show on the next visit.
    static let watchedFolderLimit = 1024

    /// The folders whose files this source lists: its folder, and for a recursive listing those
    /// below it, up to `watchedFolderLimit`; none for a list of paths. Scans the files if the
    /// listing has not yet.
    func watchedFolders() throws -> [FilePath] {
        guard path != nil else { return [] }
        return Array(try listing.folders().prefix(Self.watchedFolderLimit))
    }

    /// Lists the files again, leaving out `beingWritten` (files still arriving): pages asked for
    /// from now on show the folder as it is.
    func relist(leavingOut beingWritten: Set<FilePath>) throws {
        try listing.relist(leavingOut: beingWritten)
    }

    /// Where the photos with `ids` stand in `feed`'s listing, for those it lists.
    func places(of ids: Set<String>, in feed: PhotoFeed) -> [String: Int] {
        switch feed {
        case .all:
            guard let sorted = try? listing.sorted() else { return [:] }
            return Dictionary(uniqueKeysWithValues: ids.compactMap { id in sorted.index(ofID: id).map { (id, $0) } })
        case .search(let query):
            let matches = (try? matching(query)) ?? []
            return Dictionary(matches.enumerated().filter { ids.contains($0.element.path.description) }.map { ($0.element.path.description, $0.offset) },
                              uniquingKeysWith: { first, _ in first })
        }
    }

    /// Whether the folder's news of `path` is of a move this app made (trash, restore, rename),
    /// already shown; true once per move.
    func takeOwnMove(_ path: FilePath) -> Bool { listing.takeOwnMove(path) }
}
