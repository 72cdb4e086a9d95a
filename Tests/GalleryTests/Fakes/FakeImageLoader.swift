import OperatingSystem
@testable import Gallery

/// An `ImageLoading` answering with the URL's (or the path's) own bytes, or holding requests when `held`.
final class FakeImageLoader: ImageLoading {
    let requests: Responder<[UInt8]>

    init(held: Bool = false) {
        let echo: Responder<[UInt8]>.Answer = { url in .success(Array(url.utf8)) }
        requests = Responder(immediate: held ? nil : echo)
    }

    var urls: [String] { requests.calls }

    func imageData(at location: ImageLocation) async throws -> [UInt8] {
        switch location {
        case .web(let url): try await requests.call(url)
        case .file(let path): try await requests.call(path.description)
        }
    }
}
