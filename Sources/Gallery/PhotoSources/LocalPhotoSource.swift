/// A source whose photos are files on this machine (a folder): `o` opens the file, `y` copies its
/// path, `d` has nothing to fetch, and the files can be trashed and renamed.
public protocol LocalPhotoSource: PhotoSource {
    /// The absolute path of `photo`'s file.
    func filePath(of photo: Photo) -> String
    /// The photo whose file `photo`'s was renamed to (`newName`, in the same folder), listed from
    /// now on where `photo` was.
    func renamed(_ photo: Photo, to newName: String) -> Photo
}
