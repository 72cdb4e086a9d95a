public import TerminalVocabulary

/// Pixels decoded for a zoomed look at a photo, kept by whoever shows it so that a pan the pixels
/// already cover is drawn without decoding again.
public struct ZoomedPixels: Sendable {
    /// The upright photo's size in its own pixels (the header's).
    public let photo: PixelSize
    /// The decoded pixels, upright.
    public let image: RGBImage
    /// The rectangle of the upright photo that `image` holds.
    public let covers: PixelRect
    /// The zoom scale they were decoded for.
    public let scale: Double

    public init(photo: PixelSize, image: RGBImage, covers: PixelRect, scale: Double) {
        self.photo = photo
        self.image = image
        self.covers = covers
        self.scale = scale
    }

    /// Whether `view` can be drawn from these pixels alone.
    public func canShow(_ view: ZoomView) -> Bool {
        view.zoom.scale == scale && covers.contains(view.region)
    }

    /// `region` of the photo in `image`'s own pixels: scaled by how many of them a photo pixel
    /// took, widened to whole pixels.
    func imageRect(of region: PixelRect) -> PixelRect {
        let across = Double(image.width) / Double(max(1, covers.width))
        let down = Double(image.height) / Double(max(1, covers.height))
        let left = min(image.width - 1, Int((Double(region.x - covers.x) * across).rounded(.down)))
        let top = min(image.height - 1, Int((Double(region.y - covers.y) * down).rounded(.down)))
        let right = max(left + 1, min(image.width, Int((Double(region.x + region.width - covers.x) * across).rounded(.up))))
        let bottom = max(top + 1, min(image.height, Int((Double(region.y + region.height - covers.y) * down).rounded(.up))))
        return PixelRect(x: left, y: top, width: right - left, height: bottom - top)
    }
}

extension PictureRenderer {
    /// Decodes what `zoom` shows of `encoded` in `cells`, no more. A JPEG stored upright or turned
    /// by its Exif orientation: only the region shown, at the smallest DCT scale that covers the
    /// size it is drawn at (`JPEGCodec.decode(_:region:covering:)`). Other formats: the whole
    /// photo, at the zoom's scale (at most its full size; `maxPixels` and the codecs'
    /// `DecodeBudget` bound it as any decode), so that every pan at that scale draws from the same
    /// pixels.
    public func decode(_ encoded: some EncodedBytes, cells: CellSize, zoom: PictureZoom,
                       maxPixels: Int = JPEGCodec.defaultMaxPixels) throws -> ZoomedPixels {
        try encoded.withEncodedBytes { bytes in
            if ImageFormat(contentsOf: bytes) == .jpeg {
                let orientation = PhotoMetadata(reading: bytes).orientation
                let stored = try JPEGCodec.dimensions(of: bytes)
                let photo = orientation.upright(stored)
                let view = zoom.view(photo: photo, box: pixelBox(cells: cells))
                let region = orientation.storedRect(of: view.region, stored: stored)
                let decoded = try JPEGCodec.decode(bytes, region: region, covering: orientation.upright(view.drawn),
                                                   maxPixels: maxPixels)
                return ZoomedPixels(photo: photo, image: decoded.image.oriented(orientation),
                                    covers: orientation.uprightRect(of: decoded.covers, storedSize: stored), scale: zoom.scale)
            }
            let photo = try ImageDecoder.dimensions(of: Array(bytes))
            let whole = PixelSize(width: min(photo.width, Int((Double(photo.width) * zoom.scale).rounded(.up))),
                                  height: min(photo.height, Int((Double(photo.height) * zoom.scale).rounded(.up))))
            let image = try ImageDecoder.decode(bytes, covering: whole, maxPixels: maxPixels, background: background)
            return ZoomedPixels(photo: photo, image: image,
                                covers: PixelRect(x: 0, y: 0, width: photo.width, height: photo.height), scale: zoom.scale)
        }
    }

    /// What `zoom` shows of `pixels` (from `decode(_:cells:zoom:)`, now or for an earlier view
    /// they cover), drawn into `cells` in `mode`: the region resized to exactly its size at the
    /// zoom, so at 100 % a photo pixel is a screen pixel (or a half-block).
    /// - Throws: `ImageError.empty` when `pixels` do not cover the view.
    public func render(_ pixels: ZoomedPixels, cells: CellSize, zoom: PictureZoom,
                       kittyID: UInt32 = 0) throws -> RenderedPicture {
        let view = zoom.view(photo: pixels.photo, box: pixelBox(cells: cells))
        guard pixels.covers.contains(view.region) else { throw ImageError.empty }
        let shown = pixels.image.areaResampled(pixels.imageRect(of: view.region),
                                               width: view.drawn.width, height: view.drawn.height)
        return mode.drawsPixels ? try renderPixels(shown, in: view.drawn, fit: .contain, kittyID: kittyID)
                                : try renderText(shown, in: view.drawn, fit: .contain)
    }
}
