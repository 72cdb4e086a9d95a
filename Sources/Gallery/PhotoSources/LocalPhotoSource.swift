public import OperatingSystem

/// A source whose photos are files on this machine (a folder): `o` opens the file, `y` copies its
/// path, `d` has nothing to fetch, and the files, and the folders shown as tiles, can be trashed
/// and renamed.
public protocol LocalPhotoSource: PhotoSource {
    /// The absolute path of `photo`'s file, or of a folder tile's folder.
    func filePath(of photo: LibraryItem) -> FilePath
    /// The item whose file (or folder) `photo`'s was renamed to (its companions to the same new
    /// name, `Companion.renamed(withMainFileNamed:)`) (`newName`, in the same folder), listed from now on where `photo` was.
    func renamed(_ photo: LibraryItem, to newName: String) -> LibraryItem
    /// `photo` with `labels`, written to its XMP sidecar (made when it has none; the photo file is
    /// never written) and listed from now on; throws a sentence saying why nothing was written.
    func labelled(_ photo: LibraryItem, _ labels: PhotoLabels) throws -> LibraryItem
    /// `photo`'s file or folder left (to the trash): pages asked for from now on leave it out.
    func removed(_ photo: LibraryItem)
    /// `photo`'s file or folder is back where it was: pages list it again in its place.
    func restored(_ photo: LibraryItem)
    /// The photos in `folder` and every folder below it; nil when it cannot be listed. Reads
    /// every folder below: for a background task.
    func photosBelow(_ folder: PhotoFolder) -> Int?
}

extension LocalPhotoSource {
    /// Every file `photo` is: its own, then its companions (a Live Photo's motion, a JPEG's RAW
    /// file), which marks, the trash, renames and `--pick` take with it.
    public func filePaths(of photo: LibraryItem) -> [FilePath] {
        [filePath(of: photo)] + photo.companions.map(\.path)
    }

    /// The files `--pick` prints for `photo`: its own and its companions but its sidecars, which
    /// are no photos.
    public func pickedPaths(of photo: LibraryItem) -> [FilePath] {
        [filePath(of: photo)] + photo.companions.filter { $0.role != .sidecar }.map(\.path)
    }
}
