import OperatingSystem
import Imaging
@testable import Gallery

/// A `PhotoSource` whose page and detail requests are held until the test resolves them.
final class FakePhotoSource: PhotoSource {
    /// Page requests, keyed by the page number.
    let pages = Responder<[LibraryItem]>()
    /// Detail requests, keyed by photo id.
    let details = Responder<LibraryItem>()
    /// Extra-line requests (statistics), keyed by photo id: answered at once with one line.
    let extras = Responder<[String]>(immediate: { .success(["views of \($0)"]) })

    /// The pages requested so far, in order.
    var pageCalls: [Int] { pages.calls.compactMap { Int($0) } }

    func photos(page: Int, perPage: Int) async throws -> [LibraryItem] {
        try await pages.call(String(page))
    }

    /// Search requests, keyed by "query/page".
    let searches = Responder<[LibraryItem]>()
    /// False: a source like a local folder, which cannot search.
    let searchable: Bool
    var supportsSearch: Bool { searchable }

    /// True: image locations are files, as a local folder's are.
    let localFiles: Bool

    /// Set: like the demo, whose photos' links die with the app.
    let noWebPageReason: String?

    init(searchable: Bool = true, localFiles: Bool = false, noWebPageReason: String? = nil) {
        self.searchable = searchable
        self.localFiles = localFiles
        self.noWebPageReason = noWebPageReason
    }

    func search(query: String, page: Int, perPage: Int) async throws -> [LibraryItem] {
        try await searches.call("\(query)/\(page)")
    }

    func photo(id: String) async throws -> LibraryItem {
        try await details.call(id)
    }

    func extraDetails(for photo: LibraryItem) async throws -> [String] {
        try await extras.call(photo.id)
    }

    func imageLocation(for photo: LibraryItem, width: Int, height: Int, fit: PictureFit) -> ImageLocation? {
        let url = Self.imageURL(id: photo.id, width: width, height: height, fit: fit)
        return localFiles ? .file(FilePath("/" + url.dropFirst("https://".count))) : .web(url)
    }

    static func imageURL(id: String, width: Int, height: Int, fit: PictureFit) -> String {
        "https://img.test/\(id)?w=\(width)&h=\(height)&fit=\(fit.rawValue)"
    }

    /// Resolves page `page`, returning false when it was not requested.
    @discardableResult
    func resolvePage(_ page: Int, with result: Result<[LibraryItem], any Error>) -> Bool {
        pages.resolve(String(page), with: result)
    }
}
