/// How an image is fitted into the requested box. The raw value is the imgix `fit` parameter.
public enum ImageFit: String, Sendable, Equatable, CaseIterable {
    /// Fill the box exactly, cropping what overflows (grid thumbnails).
    case crop
    /// Fit inside the box keeping the aspect ratio, never upscaling (detail image).
    case max
}
