public import OperatingSystem

extension DirectorySource: LocalPhotoSource {
    /// A folder tile's folder, or a photo's file: the bytes the listing read, never its id's text.
    public func filePath(of photo: LibraryItem) -> FilePath {
        if let folder = photo.folder { return folder.path }
        if case .file(let path)? = photo.picture { return path }
        // Every item this source makes is one of the two.
        preconditionFailure("\(photo.id) is no file of this source's")
    }

    public func renamed(_ photo: LibraryItem, to newName: String) -> LibraryItem {
        let oldPath = filePath(of: photo)
        let newPath = oldPath.parent.appending(newName)
        // In a recursive listing the title is the path below the folder: only its last part changes.
        let title = photo.title.lastIndex(of: "/").map { String(photo.title[...$0]) + newName } ?? newName
        let companions = photo.companions.map { $0.renamed(withMainFileNamed: newName, from: LocalFile.name(of: oldPath)) }
        listing.rename(oldPath, to: newPath, title: title, companions: companions,
                       companionsWere: photo.companions.map(\.path))
        // A folder's tile is made again from the folder at its new path: its cover is a file inside.
        if let sorted = try? listing.sorted(), let index = sorted.places[newPath] {
            return self.photo(for: sorted.entries[index])
        }
        var renamed = Self.photo(for: LibraryEntry(path: newPath, title: title, kind: .photo,
                                                   status: try? FileStatus(path: newPath)), dateTaken: dateTaken)
        renamed.companions = companions
        return renamed
    }

    public func labelled(_ photo: LibraryItem, _ labels: PhotoLabels) throws -> LibraryItem {
        let path = filePath(of: photo)
        let sidecar = try XMPSidecar.write(labels, for: path, companions: photo.companions)
        var labelled = photo
        labelled.labels = labels
        if !labelled.companions.contains(where: { $0.path == sidecar }) {
            labelled.companions.append(Companion(path: sidecar, role: .sidecar))
        }
        listing.relabel(path, labels: labels, companions: labelled.companions, written: sidecar)
        return labelled
    }

    public func removed(_ photo: LibraryItem) { listing.hide(filePaths(of: photo), true) }
    public func restored(_ photo: LibraryItem) { listing.hide(filePaths(of: photo), false) }
}
