public import TerminalVocabulary

/// How a picture's stored pixels are turned to show it upright: the Exif Orientation tag's eight
/// values, named by what the stored picture needs (the tag itself names where row 0 and column 0
/// lie). Cameras store a portrait taken with the phone turned as a landscape with `.rotatedRight`.
public enum ImageOrientation: Int, Sendable, Equatable, CaseIterable {
    /// 1: stored upright.
    case up = 1
    /// 2: mirrored left to right.
    case mirrored = 2
    /// 3: upside down (turned 180°).
    case upsideDown = 3
    /// 4: mirrored top to bottom.
    case upsideDownMirrored = 4
    /// 5: rows and columns swapped (mirrored along the top-left to bottom-right diagonal).
    case transposed = 5
    /// 6: shown turned 90° clockwise.
    case rotatedRight = 6
    /// 7: swapped along the other diagonal (top-right to bottom-left).
    case transverse = 7
    /// 8: shown turned 90° anticlockwise.
    case rotatedLeft = 8

    /// Whether the upright picture is the stored one's height wide (5 to 8).
    public var swapsSides: Bool { rawValue >= 5 }

    /// The upright size of a picture stored `stored` wide and high; also the stored size of an
    /// upright one, since swapping sides is its own inverse.
    public func upright(_ stored: PixelSize) -> PixelSize {
        swapsSides ? PixelSize(width: stored.height, height: stored.width) : stored
    }

    /// The stored pixel shown at column `x`, row `y` of the upright picture, for a picture stored
    /// `width` x `height`.
    func storedPosition(x: Int, y: Int, width: Int, height: Int) -> (x: Int, y: Int) {
        switch self {
        case .up: return (x, y)
        case .mirrored: return (width - 1 - x, y)
        case .upsideDown: return (width - 1 - x, height - 1 - y)
        case .upsideDownMirrored: return (x, height - 1 - y)
        case .transposed: return (y, x)
        case .rotatedRight: return (y, height - 1 - x)
        case .transverse: return (width - 1 - y, height - 1 - x)
        case .rotatedLeft: return (width - 1 - y, x)
        }
    }

    /// The stored pixels that show as `upright`, a rectangle of the upright picture, for a picture
    /// stored `stored` wide and high.
    public func storedRect(of upright: PixelRect, stored: PixelSize) -> PixelRect {
        let first = storedPosition(x: upright.x, y: upright.y, width: stored.width, height: stored.height)
        let last = storedPosition(x: upright.x + upright.width - 1, y: upright.y + upright.height - 1,
                                  width: stored.width, height: stored.height)
        return PixelRect(x: min(first.x, last.x), y: min(first.y, last.y),
                         width: abs(first.x - last.x) + 1, height: abs(first.y - last.y) + 1)
    }

    /// The upright rectangle that `stored` (a rectangle of the stored picture) shows as: the
    /// inverse of `storedRect`.
    public func uprightRect(of stored: PixelRect, storedSize: PixelSize) -> PixelRect {
        var xs: [Int] = [], ys: [Int] = []
        for (sx, sy) in [(stored.x, stored.y), (stored.x + stored.width - 1, stored.y + stored.height - 1)] {
            let position = uprightPosition(x: sx, y: sy, storedWidth: storedSize.width, storedHeight: storedSize.height)
            xs.append(position.x)
            ys.append(position.y)
        }
        return PixelRect(x: xs.min()!, y: ys.min()!, width: abs(xs[0] - xs[1]) + 1, height: abs(ys[0] - ys[1]) + 1)
    }

    /// Where the stored pixel at `x`, `y` shows in the upright picture: the stored position of
    /// the inverse turn, the upright picture taken as stored.
    func uprightPosition(x: Int, y: Int, storedWidth width: Int, storedHeight height: Int) -> (x: Int, y: Int) {
        let shown = upright(PixelSize(width: width, height: height))
        return inverse.storedPosition(x: x, y: y, width: shown.width, height: shown.height)
    }

    /// The turn that undoes this one: a quarter turn's is the other way; every other is its own.
    var inverse: ImageOrientation {
        switch self {
        case .rotatedRight: .rotatedLeft
        case .rotatedLeft: .rotatedRight
        default: self
        }
    }
}
