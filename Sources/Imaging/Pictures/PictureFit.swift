/// How a picture meets its box: the one fit of the renderers, the photo sources' image URLs, the
/// grid (`f`), `--fit` and the config's `fit`. The raw value is the name users give it.
public enum PictureFit: String, Sendable, Hashable, CaseIterable {
    /// Cover the whole box, cropping the overflow around the centre.
    case crop
    /// The whole picture inside the box, aspect kept: it covers fewer cells along one side, the
    /// cells it leaves blank.
    case contain
}
