public import OperatingSystem
public import Observation

/// The marked photos (Space, `v`) of a local library, kept by their main file's path (its bytes),
/// one set for the whole flow above each folder's listing: a mark stays while the user walks into
/// other folders, and `--pick`, `D`, `C`, `M`, the labels and the user's commands take the marks of
/// every folder. A catalog's photo is no file, and is never marked (nothing acts on it).
@MainActor
@Observable
public final class Marks {
    /// The marked photos by their main file, as the app last knew them (for their companions).
    public private(set) var photos: [FilePath: LibraryItem] = [:]
    /// The paths in the order they were marked.
    @ObservationIgnored private var order: [FilePath] = []

    public init() {}

    public var count: Int { photos.count }
    public var isEmpty: Bool { photos.isEmpty }

    /// Every marked photo, in the order marked.
    public var marked: [LibraryItem] { order.compactMap { photos[$0] } }

    /// The file a mark is kept by: a photo's or a video's main file; nil for a folder, a month's
    /// tile or a catalog's photo.
    public static func path(of item: LibraryItem) -> FilePath? {
        guard item.isMedia, case .file(let path)? = item.picture else { return nil }
        return path
    }

    public func contains(_ item: LibraryItem) -> Bool {
        Self.path(of: item).map { photos[$0] != nil } ?? false
    }

    /// Marks `item`, or unmarks it when marked.
    func toggle(_ item: LibraryItem) {
        guard let path = Self.path(of: item) else { return }
        if photos[path] == nil { mark(item, at: path) } else { unmark(path) }
    }

    /// Marks the markable ones of `items` that were not marked and unmarks the others.
    func invert(_ items: [LibraryItem]) {
        for item in items { toggle(item) }
    }

    /// Unmarks the photos with `ids` (gone: trashed, moved, deleted).
    func unmark(ids: Set<String>) {
        guard !ids.isEmpty else { return }
        for (path, photo) in photos where ids.contains(photo.id) { unmark(path) }
    }

    /// `old` is `new` now (renamed): the mark goes with it, in its place in the order.
    func replace(_ old: LibraryItem, with new: LibraryItem) {
        guard let oldPath = Self.path(of: old), photos[oldPath] != nil, let newPath = Self.path(of: new) else { return }
        photos[oldPath] = nil
        photos[newPath] = new
        order = order.map { $0 == oldPath ? newPath : $0 }
    }

    /// The marked ones of `items` as they are now (their labels and sidecars written).
    func refresh(_ items: [LibraryItem]) {
        for item in items {
            if let path = Self.path(of: item), photos[path] != nil, photos[path] != item { photos[path] = item }
        }
    }

    private func mark(_ item: LibraryItem, at path: FilePath) {
        photos[path] = item
        order.append(path)
    }

    private func unmark(_ path: FilePath) {
        photos[path] = nil
        order.removeAll { $0 == path }
    }
}
