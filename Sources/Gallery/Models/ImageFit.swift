/// How an image is fitted into the requested box. The raw value is the imgix `fit` parameter.
public enum ImageFit: String, Sendable, Equatable, CaseIterable {
    /// Fill the box exactly, cropping what overflows (grid thumbnails).
    case crop
    /// Fit inside the box keeping the aspect ratio, never upscaling (detail image; the grid's
    /// `--fit contain`).
    case max

    /// The other of the grid's two fits (`f`).
    public var toggled: ImageFit { self == .crop ? .max : .crop }

    /// The grid's name for it: `crop` or `contain`.
    public var gridName: String { self == .crop ? "crop" : "contain" }
}
