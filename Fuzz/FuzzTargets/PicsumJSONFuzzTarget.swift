#if TESTABLE_IMPORTS
@testable import Gallery

/// The input is a response body from Picsum (`/v2/list` or `/id/{id}/info`); what decodes
/// becomes the app's photos, as `PicsumSource` makes them, and is shown like any photo.
enum PicsumJSONFuzzTarget {
    private static let source = PicsumSource(client: OfflineClient())

    static func run(_ input: UnsafeRawBufferPointer) throws {
        let body = Array(input)
        var items = (try? JSONFetcher.decode([PicsumPhoto].self, from: body)) ?? []
        items += [try? JSONFetcher.decode(PicsumPhoto.self, from: body)].compactMap { $0 }
        let width = body.count % 64
        for item in items {
            try PhotoFuzzing.show(item.item, from: source, width: width)
        }
    }
}
#endif
