#if TESTABLE_IMPORTS
@testable import Gallery
import Imaging

/// What the app does with a photo record a server sent, shared by the Unsplash and Picsum targets.
enum PhotoFuzzing {
    /// The grid's title, the detail pane's lines and swatch, and the URLs made from the record.
    static func show(_ photo: Photo, from source: some PhotoSource, width: Int) throws {
        var lines = [photo.displayText, photo.user.name, photo.user.username, photo.id, photo.referralLink,
                     CountText.count(photo.likes, "like"), "\(photo.width) × \(photo.height)"]
        lines += [photo.exif?.summary, photo.location?.summary, photo.createdAt, photo.color,
                  source.attribution(for: photo)].compactMap { $0 }
        for line in lines { try ShownText.verify(line, width: width) }
        _ = photo.color.flatMap { ColorSwatch.image(hex: $0, columns: 1 + width % 8, depth: .trueColor) }
        for fit in PictureFit.allCases {
            _ = source.imageURL(for: photo, width: 1 + width * 37, height: 1 + width * 23, fit: fit)
        }
    }
}
#endif
