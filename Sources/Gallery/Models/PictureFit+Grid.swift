public import Imaging

extension PictureFit {
    /// The grid's fit until `--fit`, the config's `fit` or `f` says otherwise: the whole photo.
    public static let gridDefault = PictureFit.contain

    /// The other fit (the grid's `f`).
    public var toggled: PictureFit { self == .crop ? .contain : .crop }
}
