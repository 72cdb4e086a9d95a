#if TESTABLE_IMPORTS
@testable import Gallery

/// The input is a response body from the Unsplash API, decoded as each shape the app asks for
/// (photo list, one photo, search results, statistics); whatever decodes goes where the app
/// puts it: titles and credits on screen, image and referral URLs, the detail pane's lines.
enum UnsplashJSONFuzzTarget {
    private static let source = UnsplashAPISource(accessKey: nil, client: OfflineClient())

    static func run(_ input: UnsafeRawBufferPointer) throws {
        let body = Array(input)
        var records: [UnsplashPhoto] = []
        records += (try? JSONFetcher.decode([UnsplashPhoto].self, from: body)) ?? []
        records += [try? JSONFetcher.decode(UnsplashPhoto.self, from: body)].compactMap { $0 }
        records += (try? JSONFetcher.decode(UnsplashSearchResults.self, from: body))?.results ?? []
        let photos = records.map(\.item)
        let width = body.count % 64
        if let statistics = try? JSONFetcher.decode(PhotoStatistics.self, from: body) {
            for line in statistics.lines { try ShownText.verify(line, width: width) }
        }
        for photo in photos {
            try PhotoFuzzing.show(photo, from: source, width: width)
        }
    }
}
#endif
