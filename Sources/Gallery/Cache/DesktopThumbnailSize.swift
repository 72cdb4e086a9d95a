import TerminalVocabulary

/// The freedesktop thumbnail spec's size classes: a thumbnail in one is at most its `pixels` on
/// its longest side, in the folder of its name under `$XDG_CACHE_HOME/thumbnails`.
enum DesktopThumbnailSize: Int, CaseIterable, Comparable {
    case normal = 128
    case large = 256
    case xLarge = 512
    case xxLarge = 1024

    var folder: String {
        switch self {
        case .normal: "normal"
        case .large: "large"
        case .xLarge: "x-large"
        case .xxLarge: "xx-large"
        }
    }

    var pixels: Int { rawValue }

    static func < (left: Self, right: Self) -> Bool { left.rawValue < right.rawValue }

    /// The size a `width` x `height` picture has as a thumbnail of this class: its longest side
    /// brought down to `pixels`, never enlarged.
    func thumbnailSize(of picture: PixelSize) -> PixelSize {
        let longest = max(picture.width, picture.height)
        guard longest > pixels else { return picture }
        return PixelSize(width: max(1, (picture.width * pixels + longest / 2) / longest),
                         height: max(1, (picture.height * pixels + longest / 2) / longest))
    }

    /// Whether a `size` picture is enough to draw `box` from: it covers the box (`filling`) or
    /// the picture fitted inside it (one side at least the box's).
    static func size(_ size: PixelSize, covers box: PixelSize, filling: Bool) -> Bool {
        filling ? size.width >= box.width && size.height >= box.height
                : size.width >= box.width || size.height >= box.height
    }

    /// The classes whose thumbnails may cover `box`, smallest first: the longest side must reach
    /// the box's longer side to fill it, the shorter one to fit in it.
    static func candidates(covering box: PixelSize, filling: Bool) -> [Self] {
        let least = filling ? max(box.width, box.height) : min(box.width, box.height)
        return allCases.filter { $0.pixels >= least }
    }

    /// The smallest class whose thumbnail of a `picture`-sized picture covers `box`; nil when
    /// none does (a picture smaller than the box, or a box larger than 1024 pixels).
    static func smallest(covering box: PixelSize, filling: Bool, picture: PixelSize) -> Self? {
        candidates(covering: box, filling: filling).first {
            size($0.thumbnailSize(of: picture), covers: box, filling: filling)
        }
    }
}
