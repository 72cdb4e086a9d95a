/// The part of a photo an image request shows, in the photo's normalized coordinates: x and y run
/// 0...1 across the full photo whatever its pixel size, so every size and crop of a photo shows
/// the same picture.
struct CropWindow: Sendable, Equatable {
    var x0: Double
    var y0: Double
    var x1: Double
    var y1: Double

    static let full = CropWindow(x0: 0, y0: 0, x1: 1, y1: 1)

    /// The largest centred window of the photo with the output's aspect ratio (imgix `fit=crop`).
    static func centered(photoAspect: Double, outputAspect: Double) -> CropWindow {
        if outputAspect > photoAspect {
            let height = photoAspect / outputAspect
            return CropWindow(x0: 0, y0: (1 - height) / 2, x1: 1, y1: (1 + height) / 2)
        } else {
            let width = outputAspect / photoAspect
            return CropWindow(x0: (1 - width) / 2, y0: 0, x1: (1 + width) / 2, y1: 1)
        }
    }
}
