import TerminalVocabulary
import Imaging
import OperatingSystem
@testable import Gallery

/// A `ThumbnailRendering` whose output spells out its input, so tests can tell which bytes,
/// size and fit produced a thumbnail. Bytes "bad" fail like a corrupt image.
final class FakeRenderer: ThumbnailRendering {
    static let badData = Array("bad".utf8)
    private let renderCount = Locked(0)

    var renders: Int { renderCount.withLock { $0 } }
    /// Whether every picture comes out as of a file cut short (`RenderedPicture.isTruncated`).
    let truncates: Bool

    init(truncates: Bool = false) {
        self.truncates = truncates
    }

    var background: RGB { RGB(0, 0, 0) }

    func pixelSize(cells: CellSize) -> PixelSize {
        PixelSize(width: cells.columns * 2, height: cells.rows * 4)
    }

    /// The bytes as a row of grey pixels, which `render(_:cells:fit:)` of an image spells out.
    func decode(_ data: [UInt8], cells: CellSize, fit: PictureFit) throws -> RGBImage {
        if data == Self.badData { throw ImageError.corrupt("fake") }
        return RGBImage(width: data.count, height: 1, pixels: data.flatMap { [$0, $0, $0] })
    }

    func render(_ image: RGBImage, cells: CellSize, fit: PictureFit) throws -> RenderedPicture {
        try render(stride(from: 0, to: image.pixels.count, by: 3).map { image.pixels[$0] }, cells: cells, fit: fit)
    }

    /// Every photo is `zoomedPhoto` to zoom into, whatever its bytes.
    static let zoomedPhoto = PixelSize(width: 4000, height: 3000)
    private let zoomDecodeCount = Locked(0)
    /// How many zooms were decoded (a pan the kept pixels cover decodes nothing).
    var zoomDecodes: Int { zoomDecodeCount.withLock { $0 } }

    func zoomBox(cells: CellSize) -> PixelSize { pixelSize(cells: cells) }

    /// A JPEG-like decode: the region shown only, so every pan decodes again; a PNG's bytes ("png")
    /// decode whole, and pans at the same scale draw from them.
    func decode(_ data: [UInt8], cells: CellSize, zoom: PictureZoom) throws -> ZoomedPixels {
        if data == Self.badData { throw ImageError.corrupt("fake") }
        zoomDecodeCount.withLock { $0 += 1 }
        let photo = Self.zoomedPhoto
        let whole = PixelRect(x: 0, y: 0, width: photo.width, height: photo.height)
        let covers = data == Array("png".utf8) ? whole : zoom.view(photo: photo, box: zoomBox(cells: cells)).region
        return ZoomedPixels(photo: photo, image: RGBImage(width: 1, height: 1, filledWith: RGB(9, 9, 9)), covers: covers,
                            scale: zoom.scale)
    }

    /// Spells out what the zoom shows: "zoom 100 % · centre 50%,50%".
    func render(_ pixels: ZoomedPixels, cells: CellSize, zoom: PictureZoom) throws -> RenderedPicture {
        let text = "zoom \(zoom.view(photo: pixels.photo, box: zoomBox(cells: cells)).description)"
        return RenderedPicture(columns: cells.columns, rows: cells.rows,
                               lines: Array(repeating: text, count: cells.rows), plainLines: Array(repeating: text, count: cells.rows))
    }

    func render(_ data: [UInt8], cells: CellSize, fit: PictureFit) throws -> RenderedPicture {
        renderCount.withLock { $0 += 1 }
        if data == Self.badData { throw ImageError.corrupt("fake") }
        let text = "\(String(decoding: data, as: UTF8.self)) \(cells) \(fit.rawValue)"
        var picture = RenderedPicture(columns: cells.columns, rows: cells.rows,
                                      lines: Array(repeating: "\u{1B}[31m\(text)\u{1B}[0m", count: cells.rows),
                                      plainLines: Array(repeating: text, count: cells.rows))
        picture.isTruncated = truncates
        return picture
    }
}
