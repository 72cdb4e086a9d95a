/// One photo of a catalog, in the Unsplash API's shape (snake_case on the wire).
///
/// Fields Unsplash documents as nullable are optional. Text fields are kept exactly as the
/// server sent them; the TUI strips control characters when it draws them.
public struct Photo: Codable, Sendable, Equatable, Identifiable {
    public let id: String
    /// ISO 8601 creation time, as sent.
    public let createdAt: String?
    public let width: Int
    public let height: Int
    /// The photo's dominant colour as `#rrggbb`, usable as a placeholder while the image loads.
    public let color: String?
    public let description: String?
    public let altDescription: String?
    public let likes: Int
    public let user: User
    public let urls: URLs
    public let links: Links
    /// Camera settings; only a single photo's full record carries them.
    public let exif: PhotoExif?
    /// Where it was taken; only a single photo's full record carries it.
    public let location: PhotoLocation?
    /// Set when this grid item is a folder of a local library rather than a photo; its picture
    /// (`urls`) is then the folder's cover. Never sent by a server.
    public var folder: PhotoFolder? = nil

    public init(id: String, createdAt: String? = nil, width: Int, height: Int, color: String? = nil,
                description: String? = nil, altDescription: String? = nil, likes: Int = 0,
                user: User, urls: URLs, links: Links, exif: PhotoExif? = nil, location: PhotoLocation? = nil,
                folder: PhotoFolder? = nil) {
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
        self.folder = folder
    }

    /// The text that describes the photo: its description, else its alt description, else "".
    /// Whitespace-only text counts as missing, so an empty description falls back too.
    public var displayText: String {
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
    public struct User: Codable, Sendable, Equatable {
        public let id: String?
        public let name: String
        public let username: String

        public init(id: String? = nil, name: String, username: String) {
            self.id = id
            self.name = name
            self.username = username
        }
    }

    /// Hotlinkable image URLs. `raw` accepts imgix sizing parameters.
    public struct URLs: Codable, Sendable, Equatable {
        public let raw: String
        public let full: String
        public let regular: String
        public let small: String
        public let thumb: String

        public init(raw: String, full: String, regular: String, small: String, thumb: String) {
            self.raw = raw
            self.full = full
            self.regular = regular
            self.small = small
            self.thumb = thumb
        }
    }

    /// Web links. `downloadLocation` must be called as given when a photo is downloaded (Unsplash guidelines).
    public struct Links: Codable, Sendable, Equatable {
        public let html: String
        public let downloadLocation: String?

        public init(html: String, downloadLocation: String? = nil) {
            self.html = html
            self.downloadLocation = downloadLocation
        }

        enum CodingKeys: String, CodingKey {
            case html
            case downloadLocation = "download_location"
        }
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
