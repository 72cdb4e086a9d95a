public import TerminalVocabulary

/// How closely the detail pane looks at a photo, and where: a scale and the photo's point at the
/// middle of the pane. The scale counts the samples a picture box has (`PictureRenderer.pixelBox`:
/// screen pixels in sixel, kitty and iTerm2 modes, half-blocks in text modes) per pixel of the
/// upright photo, so 1 is 100 % in every mode: one photo pixel to one screen pixel, or to one
/// half-block.
public struct PictureZoom: Sendable, Equatable {
    /// Box samples per photo pixel.
    public var scale: Double
    /// The photo's point at the middle of the box, as fractions of its width and height.
    public var centreX: Double
    public var centreY: Double

    public init(scale: Double, centreX: Double = 0.5, centreY: Double = 0.5) {
        self.scale = scale
        self.centreX = centreX
        self.centreY = centreY
    }

    /// The scales `+` and `-` stop at on their way, as nsxiv's do.
    public static let stops: [Double] = [0.25, 0.5, 1, 2, 4]
    /// Each step between stops: half again, or a third less.
    public static let step = 1.5
    /// The closest look: 16 screen pixels a photo pixel.
    public static let largest = 16.0

    /// The scale at which `photo` fits `box` whole, aspect kept: what the pane shows unzoomed.
    public static func fitScale(photo: PixelSize, box: PixelSize) -> Double {
        guard photo.width > 0, photo.height > 0 else { return 1 }
        return min(Double(box.width) / Double(photo.width), Double(box.height) / Double(photo.height))
    }

    /// `+`: half again as close, or the next stop when that comes first; at most `largest`.
    public static func zoomedIn(from scale: Double) -> Double {
        let stop = stops.first { $0 > scale * 1.001 } ?? .infinity
        return min(largest, scale * step, stop)
    }

    /// `-`: a third further, or the stop before when that comes first; nil once that is as far as
    /// the fit (or further): the pane fits the photo again.
    public static func zoomedOut(from scale: Double, fit: Double) -> Double? {
        let stop = stops.last { $0 < scale / 1.001 } ?? 0
        let next = max(scale / step, stop)
        return next <= fit * 1.001 ? nil : next
    }

    /// The part of a `photo`-sized picture shown in `box` at this zoom, and how large it is drawn.
    /// The centre is kept inside the photo as far as the box allows: the box never shows past an
    /// edge when the photo is larger than it, and a side the box holds whole is centred.
    public func view(photo: PixelSize, box: PixelSize) -> ZoomView {
        func side(length: Int, boxLength: Int, centre: Double) -> (start: Int, length: Int, drawn: Int, centre: Double) {
            let visible = Int((Double(boxLength) / scale).rounded(.down))
            guard visible < length else {
                return (0, length, min(boxLength, max(1, Int((Double(length) * scale).rounded()))), 0.5)
            }
            let shown = max(1, visible)
            let start = min(length - shown, max(0, Int((centre * Double(length) - Double(shown) / 2).rounded())))
            let drawn = min(boxLength, max(1, Int((Double(shown) * scale).rounded())))
            return (start, shown, drawn, (Double(start) + Double(shown) / 2) / Double(length))
        }
        let across = side(length: photo.width, boxLength: box.width, centre: centreX)
        let down = side(length: photo.height, boxLength: box.height, centre: centreY)
        return ZoomView(region: PixelRect(x: across.start, y: down.start, width: across.length, height: down.length),
                        drawn: PixelSize(width: across.drawn, height: down.drawn),
                        zoom: PictureZoom(scale: scale, centreX: across.centre, centreY: down.centre))
    }

    /// This zoom with its centre moved by `across` x `down` box samples (a key's quarter of the
    /// pane, a mouse drag's cells), then kept inside the photo as `view` keeps it.
    public func panned(across: Double, down: Double, photo: PixelSize, box: PixelSize) -> PictureZoom {
        guard photo.width > 0, photo.height > 0 else { return self }
        let moved = PictureZoom(scale: scale, centreX: centreX + across / scale / Double(photo.width),
                                centreY: centreY + down / scale / Double(photo.height))
        return moved.view(photo: photo, box: box).zoom
    }

    /// "200 %", as the status bar says it.
    public var percent: String {
        let value = scale * 100
        return value >= 10 ? "\(Int(value.rounded())) %" : "\((value * 10).rounded() / 10) %"
    }
}

/// What `PictureZoom.view` shows: a region of the upright photo, drawn at `drawn` box samples.
public struct ZoomView: Sendable, Equatable {
    /// The photo's pixels shown.
    public var region: PixelRect
    /// Its size on the screen, in box samples: the region times the scale, at most the box.
    public var drawn: PixelSize
    /// The zoom as shown: its centre where the edges held it.
    public var zoom: PictureZoom

    /// "200 % · centre 40%,55%": how close, and where in the photo the middle of the pane is.
    public var description: String {
        "\(zoom.percent) · centre \(Int((zoom.centreX * 100).rounded()))%,\(Int((zoom.centreY * 100).rounded()))%"
    }
}
