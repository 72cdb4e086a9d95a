extension DirectorySource: LocalPhotoSource {
    public func filePath(of photo: Photo) -> String { filePath(photo.id) }

    public func renamed(_ photo: Photo, to newName: String) -> Photo {
        // An id may name a file below the folder ("trip/img1.jpg"); the rename stays in its folder.
        let newID = photo.id.lastIndex(of: "/").map { String(photo.id[...$0]) + newName } ?? newName
        listing.rename(photo.id, to: newID)
        return self.photo(named: newID)
    }
}
