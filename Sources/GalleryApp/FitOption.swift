import ArgumentParser
import Gallery

/// `--fit`: how grid thumbnails fill their cells.
enum FitOption: String, ExpressibleByArgument, CaseIterable {
    /// The photo cropped to fill the cell.
    case crop
    /// The whole photo, letterboxed in the cell.
    case contain

    var imageFit: ImageFit { self == .crop ? .crop : .max }
}
