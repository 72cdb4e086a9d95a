@testable import Gallery

extension LibraryItem {
    /// A photo with predictable fields derived from `id`.
    static func sample(_ id: String, description: String? = nil, altDescription: String? = nil,
                       width: Int = 4000, height: Int = 3000, likes: Int = 7,
                       location: String?? = .none) -> LibraryItem {
        // `location`: the download_location; `.some(nil)` for none, omitted for one derived from `id`.
        // As a catalog sends it, through the source's edge.
        UnsplashPhoto(id: id, createdAt: "2024-01-02T03:04:05Z", width: width, height: height, color: "#a0b0c0",
                      description: description, altDescription: altDescription, likes: likes,
                      user: .init(id: "u-\(id)", name: "Ann Lee", username: "annlee"),
                      urls: .init(raw: "https://images.test/\(id)?ixid=abc",
                                  full: "https://images.test/\(id)?q=85", regular: "https://images.test/\(id)?w=1080",
                                  small: "https://images.test/\(id)?w=400", thumb: "https://images.test/\(id)?w=200"),
                      links: .init(html: "https://unsplash.test/photos/\(id)",
                                   downloadLocation: location ?? "https://api.test/photos/\(id)/download?ixid=abc")).item
    }

    /// Page `page` of a feed: `count` photos with ids `p<page>-<i>`.
    static func page(_ page: Int, count: Int = 30) -> [LibraryItem] {
        (0..<count).map { sample("p\(page)-\($0)") }
    }
}
