/// One photo as Lorem Picsum describes it, in `/v2/list` and `/id/{id}/info`.
struct PicsumPhoto: Decodable, Sendable, Equatable {
    let id: String
    let author: String
    let width: Int
    let height: Int
    /// The photo's page on Unsplash, where Picsum took it from.
    let url: String
    /// The full-size image, e.g. `https://picsum.photos/id/0/5000/3333`.
    let downloadURL: String

    enum CodingKeys: String, CodingKey {
        case id, author, width, height, url
        case downloadURL = "download_url"
    }

    /// The photo as the gallery holds it. Picsum has no descriptions, so the grid's title credits
    /// the author; its pictures are sized by `PicsumSource.imageLocation`, the original downloaded.
    var item: LibraryItem {
        LibraryItem(id: id, title: "Photo by \(author)", width: width, height: height,
                    author: LibraryItem.Author(name: author),
                    picture: .web(WebPicture(sizable: downloadURL, original: downloadURL)),
                    webPage: url.isEmpty ? nil : url)
    }
}
