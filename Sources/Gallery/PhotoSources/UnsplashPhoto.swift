/// One photo as the Unsplash API (and the demo catalog) sends it, snake_case on the wire: read at
/// the source's edge and turned into a `LibraryItem`, which nothing past the source sees beyond.
///
/// Fields Unsplash documents as nullable are optional. Text fields are kept exactly as the
/// server sent them; the TUI strips control characters when it draws them.
struct UnsplashPhoto: Codable, Sendable, Equatable {
    let id: String
    /// ISO 8601 creation time, as sent.
    let createdAt: String?
    let width: Int
    let height: Int
    /// The photo's dominant colour as `#rrggbb`, usable as a placeholder while the image loads.
    let color: String?
    let description: String?
    let altDescription: String?
    let likes: Int
    let user: User
    let urls: URLs
    let links: Links
    /// Camera settings; only a single photo's full record carries them.
    let exif: PhotoExif?
    /// Where it was taken; only a single photo's full record carries it.
    let location: PhotoLocation?

    init(id: String, createdAt: String? = nil, width: Int, height: Int, color: String? = nil,
                description: String? = nil, altDescription: String? = nil, likes: Int = 0,
                user: User, urls: URLs, links: Links, exif: PhotoExif? = nil, location: PhotoLocation? = nil) {
        self.id = id
        self.createdAt = createdAt
        self.width = width
        self.height = height
        self.color = color
        self.description = description
        self.altDescription = altDescription
        self.likes = likes
        self.user = user
        self.urls = urls
        self.links = links
        self.exif = exif
        self.location = location
    }

    /// The text that describes the photo: its description, else its alt description, else "".
    /// Whitespace-only text counts as missing, so an empty description falls back too.
    var title: String {
        for candidate in [description, altDescription] {
            if let text = candidate?.trimmingWhitespace(), !text.isEmpty {
                return text
            }
        }
        return ""
    }

    enum CodingKeys: String, CodingKey {
        case id, width, height, color, description, likes, user, urls, links, exif, location
        case createdAt = "created_at"
        case altDescription = "alt_description"
    }

    /// The photographer.
    struct User: Codable, Sendable, Equatable {
        let id: String?
        let name: String
        let username: String

        init(id: String? = nil, name: String, username: String) {
            self.id = id
            self.name = name
            self.username = username
        }
    }

    /// Hotlinkable image URLs. `raw` accepts imgix sizing parameters.
    struct URLs: Codable, Sendable, Equatable {
        let raw: String
        let full: String
        let regular: String
        let small: String
        let thumb: String

        init(raw: String, full: String, regular: String, small: String, thumb: String) {
            self.raw = raw
            self.full = full
            self.regular = regular
            self.small = small
            self.thumb = thumb
        }
    }

    /// Web links. `downloadLocation` must be called as given when a photo is downloaded (Unsplash guidelines).
    struct Links: Codable, Sendable, Equatable {
        let html: String
        let downloadLocation: String?

        init(html: String, downloadLocation: String? = nil) {
            self.html = html
            self.downloadLocation = downloadLocation
        }

        enum CodingKeys: String, CodingKey {
            case html
            case downloadLocation = "download_location"
        }
    }

    /// The photo as the gallery holds it: its words, its credit, where its pictures and its web
    /// page are.
    var item: LibraryItem {
        LibraryItem(id: id, title: title, width: width, height: height, createdAt: createdAt, color: color, likes: likes,
                    author: LibraryItem.Author(name: user.name, username: user.username),
                    picture: .web(WebPicture(sizable: urls.raw, original: urls.full.isEmpty ? urls.raw : urls.full)),
                    webPage: links.html.isEmpty ? nil : links.html, downloadLocation: links.downloadLocation,
                    exif: exif, location: location)
    }
}

extension String {
    /// The string without leading and trailing whitespace and newlines.
    func trimmingWhitespace() -> String {
        guard let first = firstIndex(where: { !$0.isWhitespace }),
              let last = lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return String(self[first...last])
    }
}
