public import TerminalVocabulary

/// GIF decode with giflib: the first frame, composed on the logical screen as a browser shows it
/// before the animation moves. What no frame covers, and transparent pixels, show the background
/// the caller gives (the terminal's), as PNG's alpha does: browsers take them as transparent and
/// ignore the screen's background colour index, and so does this.
public enum GIFCodec {
    /// Decodes the first frame of a GIF onto its logical screen.
    /// - Throws: `.tooLarge` when the screen or the frame announces more than `maxPixels` (checked
    ///   before pixel memory is allocated), `.corrupt` for damage, including a frame whose
    ///   compressed data cannot hold as many pixels as it announces (a GIF bomb is refused
    ///   before it is decoded).
    public static func decode(_ data: some EncodedBytes, maxPixels: Int = JPEGCodec.defaultMaxPixels,
                              background: RGB = RGB(0, 0, 0)) throws -> RGBImage {
        try FirstFrame.of({ try forEachFrame(data, maxPixels: maxPixels, background: background, $0) }, missing: "GIF without a frame")
    }

    /// Calls `body` with the screen as each frame leaves it (the earlier frames disposed of as
    /// they say: left, cleared to `background`, or put back) and how long it is shown in milliseconds,
    /// until `body` returns false, the file ends, or `maxFrames` were shown.
    /// - Throws: what `decode` throws, for the screen or the first frame; damage after the first
    ///   frame ends the animation there instead (the frames before it are shown).
    public static func forEachFrame(_ data: some EncodedBytes, maxPixels: Int = JPEGCodec.defaultMaxPixels, maxFrames: Int = 1000,
                                    background: RGB = RGB(0, 0, 0),
                                    _ body: (RGBImage, _ milliseconds: Int) throws -> Bool) throws {
        try data.withEncodedBytes { data in
            let file = try GIFFile(data)
            let stored = file.screen
            guard stored.width > 0, stored.height > 0 else { throw ImageError.corrupt("GIF screen of no size") }
            guard stored.width * stored.height <= maxPixels else {
                throw ImageError.tooLarge(width: stored.width, height: stored.height)
            }
            // A tiny file announcing a huge screen would have it allocated, drawn and resized for a
            // few pixels: a screen its data could not fill is as corrupt as such a frame.
            guard GIFFile.canHold(stored.width * stored.height, in: data.count) else {
                throw ImageError.corrupt("GIF screen of \(stored.width)x\(stored.height) in \(data.count) bytes")
            }
            // Three canvases may be held at once, 3 bytes a pixel: the one being drawn, the one a
            // frame that puts back what it covered keeps, and the one `body` was handed. A screen
            // for which they do not fit is composed smaller (every `step`th pixel of each frame,
            // read row by row): a 130 KB file of 10000 x 10000 frames took 770 MB while it played.
            let step = ScaledSize.step(toFit: stored, bytesPerPixel: 9)
            let screen = ScaledSize.withinBudget(stored, bytesPerPixel: 9)
            var canvas: [UInt8] = []
            var shown: (frame: GIFFrame, before: [UInt8]?)?
            for index in 0..<maxFrames {
                let next: GIFFrame?
                do {
                    next = try file.nextFrame(maxPixels: maxPixels, step: step)
                } catch {
                    if index > 0 { return }
                    throw error
                }
                guard let frame = next else { return }
                if canvas.isEmpty { canvas = RGBImage(width: screen.width, height: screen.height, filledWith: background).pixels }
                if let (previous, before) = shown {
                    previous.dispose(on: &canvas, width: screen.width, height: screen.height, before: before, background: background)
                }
                let before = frame.disposal == .restorePrevious ? canvas : nil
                frame.draw(onto: &canvas, width: screen.width, height: screen.height)
                guard try body(RGBImage(width: screen.width, height: screen.height, pixels: canvas), frame.milliseconds) else { return }
                shown = (frame, before)
            }
        }
    }

    /// Width and height of the logical screen, from the first 10 bytes.
    public static func dimensions(of data: [UInt8]) throws -> PixelSize {
        guard data.count >= 10, ImageFormat(sniffing: data) == .gif else { throw ImageError.corrupt("no GIF screen descriptor") }
        return PixelSize(width: Int(data[6]) | Int(data[7]) << 8, height: Int(data[8]) | Int(data[9]) << 8)
    }
}

/// One frame of a GIF as giflib read it: colour indices, where it stands, its colours.
struct GIFFrame {
    let left: Int, top: Int, width: Int, height: Int
    /// `width * height` colour indices, rows top to bottom (de-interlaced).
    let indices: [UInt8]
    /// R, G, B of each colour of the frame's colour table (its own, else the screen's).
    let palette: [UInt8]
    /// The index drawn as transparent, when the frame's graphic control extension names one.
    let transparent: Int?
    /// Hundredths of a second the frame is shown (its graphic control extension's delay).
    let delay: Int
    /// What becomes of the frame when the next is drawn.
    let disposal: Disposal

    enum Disposal {
        /// Left on the screen (GIF's "unspecified" and "do not dispose").
        case keep
        /// Its rectangle cleared to the background (transparent: the caller's background).
        case clear
        /// The screen put back as it was before the frame was drawn.
        case restorePrevious

        init(_ mode: Int32) {
            self = mode == 2 ? .clear : mode == 3 ? .restorePrevious : .keep
        }
    }

    /// How long the frame is shown (`FrameDelay`).
    var milliseconds: Int { FrameDelay.shown(milliseconds: delay * 10) }

    /// Undoes the frame on `canvas` as its disposal says; `before` is the canvas before it was drawn.
    func dispose(on canvas: inout [UInt8], width canvasWidth: Int, height canvasHeight: Int, before: [UInt8]?,
                 background: RGB) {
        switch disposal {
        case .keep: return
        case .restorePrevious: if let before { canvas = before }
        case .clear:
            // A frame may stand wholly off the screen (its top below the screen's bottom).
            let bottom = min(top + height, canvasHeight), right = min(left + width, canvasWidth)
            guard top < bottom, left < right else { return }
            let cleared = RGBImage(width: right - left, height: 1, filledWith: background).pixels
            for row in top..<bottom {
                let start = (row * canvasWidth + left) * 3
                canvas.replaceSubrange(start..<start + cleared.count, with: cleared)
            }
        }
    }

    /// Draws the frame's opaque pixels where they fall on a `width` x `height` RGB canvas; what lies
    /// outside the canvas is cut, an index outside the colour table is left undrawn.
    func draw(onto canvas: inout [UInt8], width canvasWidth: Int, height canvasHeight: Int) {
        let colours = palette.count / 3
        for row in 0..<height where top + row < canvasHeight {
            for column in 0..<width where left + column < canvasWidth {
                let index = Int(indices[row * width + column])
                guard index != transparent, index < colours else { continue }
                let target = ((top + row) * canvasWidth + left + column) * 3
                canvas[target] = palette[index * 3]
                canvas[target + 1] = palette[index * 3 + 1]
                canvas[target + 2] = palette[index * 3 + 2]
            }
        }
    }
}
