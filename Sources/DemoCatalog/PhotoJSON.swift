import Foundation

/// A photo in the JSON shape of Unsplash's API (snake_case keys come from the encoder).
struct PhotoJSON: Encodable, Sendable {
    struct User: Encodable, Sendable {
        struct Links: Encodable, Sendable { let html: String }
        let id: String
        let username: String
        let name: String
        let links: Links
    }

    struct URLs: Encodable, Sendable {
        let raw: String
        let full: String
        let regular: String
        let small: String
        let thumb: String
    }

    struct Links: Encodable, Sendable {
        let `self`: String
        let html: String
        let download: String
        let downloadLocation: String
    }

    let id: String
    let createdAt: String
    let width: Int
    let height: Int
    let color: String
    let description: Nullable<String>
    let altDescription: String
    let likes: Int
    let user: User
    let urls: URLs
    let links: Links
    /// Only in the single-photo response, as on Unsplash.
    let downloads: Int?
    let views: Int?

    init(_ photo: PhotoRecord, baseURL: String, detailed: Bool) {
        id = photo.id
        createdAt = Date(timeIntervalSince1970: TimeInterval(photo.createdAt)).formatted(.iso8601)
        width = photo.width
        height = photo.height
        color = photo.artwork.dominantColor(aspect: photo.aspect).hexString
        description = Nullable(photo.description)
        altDescription = photo.altDescription
        likes = photo.likes
        user = User(id: photo.author.id, username: photo.author.username, name: photo.author.name,
                    links: User.Links(html: "\(baseURL)/@\(photo.author.username)"))
        let raw = "\(baseURL)/images/\(photo.id)"
        urls = URLs(raw: raw, full: raw + "?q=85&fm=jpg", regular: raw + "?w=1080&fm=jpg&q=80",
                    small: raw + "?w=400&fm=jpg&q=80", thumb: raw + "?w=200&fm=jpg&q=80")
        let page = "\(baseURL)/photos/\(photo.id)"
        links = Links(self: page, html: page, download: urls.full, downloadLocation: page + "/download?ixid=demo")
        downloads = detailed ? photo.downloads : nil
        views = detailed ? photo.views : nil
    }

    /// Sorted keys keep responses byte-for-byte reproducible.
    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}

/// An optional that encodes as JSON `null` instead of leaving the key out, like Unsplash's
/// `"description": null`.
struct Nullable<Wrapped: Encodable & Sendable>: Encodable, Sendable {
    let value: Wrapped?

    init(_ value: Wrapped?) { self.value = value }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let value { try container.encode(value) } else { try container.encodeNil() }
    }
}
