import Imaging
import OperatingSystem
@testable import Gallery

/// A source of `total` photos that tells its total with every page, answers at once, and records
/// the pages asked for (Unsplash with `X-Total`, or a folder listing).
final class CountedPhotoSource: PhotoSource {
    let total: Int
    private let requested = Locked<[Int]>([])
    /// Photos published since the test began ("new-0", …), listed first: the others move down.
    private let publishedSince = Locked(0)

    init(total: Int) {
        self.total = total
    }

    /// `count` photos appear at the top of the feed.
    func publish(_ count: Int) {
        publishedSince.withLock { $0 += count }
    }

    /// The pages asked for so far, in order.
    var pageCalls: [Int] { requested.withLock { $0 } }

    func photos(page: Int, perPage: Int) async throws -> [Photo] {
        try await self.page(of: .all, page: page, perPage: perPage).photos
    }

    func page(of feed: PhotoFeed, page: Int, perPage: Int) async throws -> PhotoPage {
        requested.withLock { $0.append(page) }
        let published = publishedSince.withLock { $0 }
        let total = self.total + published
        let start = (page - 1) * perPage
        let photos = (start..<min(total, start + perPage)).map {
            Photo.sample($0 < published ? "new-\($0)" : "photo-\($0 - published)")
        }
        return PhotoPage(photos: photos, isLast: start + perPage >= total, total: total)
    }

    func photo(id: String) async throws -> Photo { Photo.sample(id) }

    func imageURL(for photo: Photo, width: Int, height: Int, fit: PictureFit) -> String {
        FakePhotoSource.imageURL(id: photo.id, width: width, height: height, fit: fit)
    }
}
