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

    /// The photo in the gallery's shape. Picsum has no descriptions, so the grid's title credits the
    /// author; `sized` makes the URL of the picture at a size.
    func photo(sized: (_ width: Int, _ height: Int) -> String) -> Photo {
        func scaled(toWidth target: Int) -> String {
            sized(target, height(atWidth: target))
        }
        return Photo(
            id: id, width: width, height: height, altDescription: "Photo by \(author)",
            user: .init(name: author, username: ""),
            urls: .init(raw: downloadURL, full: downloadURL, regular: scaled(toWidth: 1080),
                        small: scaled(toWidth: 400), thumb: scaled(toWidth: 200)),
            links: .init(html: url))
    }

    /// `height * target / width`, at least 1: the height at `target` pixels wide. A server may
    /// send any number, so sizes whose product overflows get `Int.max` (the URL clamps it).
    private func height(atWidth target: Int) -> Int {
        let width = max(1, width)
        guard height > 0 else { return 1 }
        guard height / width < Int.max / target else { return Int.max }
        return max(1, width.dividingFullWidth(height.multipliedFullWidth(by: target)).quotient)
    }
}
