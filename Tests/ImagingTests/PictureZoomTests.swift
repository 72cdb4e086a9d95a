import Foundation
import ImagingTestSupport
import TerminalVocabulary
import TestSupport
import Testing
@testable import Imaging

/// The detail pane's zoom: its maths (100 % is one photo pixel a screen pixel, or a half-block),
/// its steps and pans, and the region decode against a whole one.
@Suite struct PictureZoomTests {
    static let photo = PixelSize(width: 4000, height: 3000)

    @Test("100 % is one photo pixel to one screen pixel for each cell size", arguments: [
        PixelSize(width: 10, height: 20), PixelSize(width: 8, height: 16), PixelSize(width: 6, height: 13),
    ])
    func hundredPercentInPixelModes(cell: PixelSize) throws {
        let cells = CellSize(columns: 50, rows: 20)
        for mode in [RenderMode.sixel, .kitty, .iterm] {
            let renderer = PictureRenderer(mode: mode, cell: cell, depth: .trueColor)
            let box = renderer.pixelBox(cells: cells)
            #expect(box == PixelSize(width: 50 * cell.width, height: 20 * cell.height))
            let view = PictureZoom(scale: 1).view(photo: Self.photo, box: box)
            #expect(view.region.width == view.drawn.width && view.region.height == view.drawn.height)
            #expect(view.drawn == box)
        }
    }

    @Test func hundredPercentIsOneHalfBlockAPixelInTextModes() throws {
        let renderer = PictureRenderer(mode: .halfblock, cell: PixelSize(width: 10, height: 20), depth: .trueColor)
        let cells = CellSize(columns: 30, rows: 10)
        let view = PictureZoom(scale: 1).view(photo: Self.photo, box: renderer.pixelBox(cells: cells))
        // Each cell is one column and two rows of the photo: its two half-blocks.
        #expect(view.region.width == 30 && view.region.height == 20)
        let source = PictureRendererTests.source(width: 300, height: 200)
        let jpeg = try JPEGCodec.encode(source, quality: 95)
        let picture = try renderer.render(jpeg, cells: cells, fit: .contain, zoom: PictureZoom(scale: 1))
        #expect(picture.columns == 30 && picture.rows == 10)
    }

    @Test func aZoomedPictureCoversTheCellsItsScaleMakes() throws {
        let cell = PixelSize(width: 10, height: 20)
        let renderer = PictureRenderer(mode: .sixel, cell: cell, depth: .trueColor)
        let jpeg = try PictureRendererTests.jpeg(width: 800, height: 600)
        let cells = CellSize(columns: 40, rows: 15)
        // 100 %: the box, 400x300 photo pixels.
        let full = try renderer.render(jpeg, cells: cells, fit: .contain, zoom: PictureZoom(scale: 1))
        #expect(full.columns == 40 && full.rows == 15)
        // 25 %: the whole photo is 200x150, smaller than the box: 20 columns, 8 rows (7.5 rounded up).
        let quarter = try renderer.render(jpeg, cells: cells, fit: .contain, zoom: PictureZoom(scale: 0.25))
        #expect(quarter.columns == 20 && quarter.rows == 8)
    }

    @Test func stepsStopAtNsxivsScales() {
        var scale = 0.1
        var seen: [Double] = []
        while scale < PictureZoom.largest {
            scale = PictureZoom.zoomedIn(from: scale)
            seen.append(scale)
        }
        for stop in PictureZoom.stops { #expect(seen.contains(stop)) }
        #expect(seen.first == 0.15000000000000002 || abs(seen[0] - 0.15) < 1e-9)
        #expect(seen.last == PictureZoom.largest)
        // Out again: a third less, never past a stop, then back to the fit.
        #expect(PictureZoom.zoomedOut(from: 2, fit: 0.1) == 2 / 1.5)
        #expect(PictureZoom.zoomedOut(from: 1.5, fit: 0.1) == 1)
        #expect(PictureZoom.zoomedOut(from: 0.6, fit: 0.1) == 0.5)
        #expect(PictureZoom.zoomedOut(from: 0.15, fit: 0.1) == nil)
    }

    @Test func panningStopsAtTheEdges() {
        let box = PixelSize(width: 400, height: 300)
        var zoom = PictureZoom(scale: 1)
        // Far left and up: the region starts at the photo's corner and stays there.
        for _ in 0..<100 { zoom = zoom.panned(across: -100, down: -75, photo: Self.photo, box: box) }
        var view = zoom.view(photo: Self.photo, box: box)
        #expect(view.region == PixelRect(x: 0, y: 0, width: 400, height: 300))
        for _ in 0..<100 { zoom = zoom.panned(across: 100, down: 75, photo: Self.photo, box: box) }
        view = zoom.view(photo: Self.photo, box: box)
        #expect(view.region == PixelRect(x: 3600, y: 2700, width: 400, height: 300))
        // A quarter of the box at 200 % is 50 photo pixels.
        let middle = PictureZoom(scale: 2).view(photo: Self.photo, box: box).region
        let moved = PictureZoom(scale: 2).panned(across: 100, down: 0, photo: Self.photo, box: box)
            .view(photo: Self.photo, box: box).region
        #expect(moved.x - middle.x == 50 && moved.y == middle.y)
        // A side the box holds whole stays centred.
        let small = PixelSize(width: 300, height: 200)
        let whole = PictureZoom(scale: 1, centreX: 0.9, centreY: 0.1).view(photo: small, box: box)
        #expect(whole.region == PixelRect(x: 0, y: 0, width: 300, height: 200) && whole.zoom.centreX == 0.5)
        #expect(whole.description == "100 % · centre 50%,50%")
    }

    @Test("the stored rectangle and back, for every orientation", arguments: ImageOrientation.allCases)
    func orientationRectangles(orientation: ImageOrientation) {
        let stored = PixelSize(width: 40, height: 30)
        let upright = PixelRect(x: 3, y: 5, width: 7, height: 11)
        let inStore = orientation.storedRect(of: upright, stored: stored)
        #expect(orientation.uprightRect(of: inStore, storedSize: stored) == upright)
    }

    @Test func aRegionDecodeAtFullScaleIsTheSameRegionOfAWholeDecode() throws {
        let source = TestImages.noise(width: 517, height: 389, seed: 7)
        let jpeg = try JPEGCodec.encode(source, quality: 90)
        let whole = try JPEGCodec.libjpegTurboDecode(jpeg, numerator: 8)
        for region in [PixelRect(x: 0, y: 0, width: 517, height: 389), PixelRect(x: 37, y: 101, width: 200, height: 150),
                       PixelRect(x: 500, y: 380, width: 17, height: 9), PixelRect(x: 1, y: 1, width: 1, height: 1)] {
            let part = try JPEGCodec.decode(jpeg, region: region, covering: PixelSize(width: region.width, height: region.height))
            #expect(part.covers == region)
            #expect(part.image.width == region.width && part.image.height == region.height)
            #expect(Self.largestDifference(part.image, whole, at: region) == 0, "region \(region)")
        }
    }

    @Test(.enabled(if: SharedPhotos.has("chelsea-4000.jpg"), SharedPhotos.absent))
    func aScaledRegionOfAPhotoMatchesTheSameScaleWhole() throws {
        let jpeg = try SharedPhotos.bytes("chelsea-4000.jpg")
        let region = PixelRect(x: 1600, y: 1000, width: 1200, height: 800)
        // Half the region's size: the 4/8 scale.
        let part = try JPEGCodec.decode(jpeg, region: region, covering: PixelSize(width: 600, height: 400))
        #expect(part.image.width == 600 && part.image.height == 400 && part.covers == region)
        let whole = try JPEGCodec.libjpegTurboDecode(jpeg, numerator: 4)
        // libjpeg-turbo documents the cropped decode as the same pixels; a row or column of fancy
        // upsampling at the crop's edge may differ by a little.
        #expect(Self.largestDifference(part.image, whole, at: PixelRect(x: 800, y: 500, width: 600, height: 400)) <= 8)
        // 100 % of the region through the renderer: the region of the photo itself, upright.
        let renderer = PictureRenderer(mode: .sixel, cell: PixelSize(width: 10, height: 20), depth: .trueColor)
        let pixels = try renderer.decode(jpeg, cells: CellSize(columns: 60, rows: 20), zoom: PictureZoom(scale: 1))
        #expect(pixels.image.width == 600 && pixels.image.height == 400)
        #expect(pixels.covers == PixelRect(x: 1700, y: 1131, width: 600, height: 400))
    }

    /// A JPEG turned by its Exif orientation: the region of the upright photo, decoded from the
    /// stored rectangle under it and turned, is that region of the whole upright decode.
    @Test("a zoomed region of a turned JPEG is the upright photo's", arguments: 1...8)
    func turnedRegions(tag: Int) throws {
        let bytes = try OrientationTests.fixture("orientation-\(tag).jpg")
        let whole = try ImageDecoder.decode(bytes)
        let renderer = PictureRenderer(mode: .sixel, cell: PixelSize(width: 8, height: 16), depth: .trueColor)
        let cells = CellSize(columns: 10, rows: 4)
        let zoom = PictureZoom(scale: 1, centreX: 0.3, centreY: 0.7)
        let pixels = try renderer.decode(bytes, cells: cells, zoom: zoom)
        let view = zoom.view(photo: pixels.photo, box: renderer.pixelBox(cells: cells))
        #expect(pixels.photo == PixelSize(width: whole.width, height: whole.height))
        #expect(view.region.width == 80 && view.region.height == 64 && pixels.covers.contains(view.region))
        let shown = pixels.imageRect(of: view.region)
        let part = pixels.image.areaResampled(shown, width: shown.width, height: shown.height)
        #expect(Self.largestDifference(part, whole, at: PixelRect(x: pixels.covers.x + shown.x, y: pixels.covers.y + shown.y,
                                                                  width: shown.width, height: shown.height)) == 0)
    }

    @Test func otherFormatsKeepTheirPixelsForPans() throws {
        let png = try PNGCodec.encode(PictureRendererTests.source(width: 600, height: 400))
        let renderer = PictureRenderer(mode: .kitty, cell: PixelSize(width: 10, height: 20), depth: .trueColor)
        let cells = CellSize(columns: 20, rows: 10)
        let zoom = PictureZoom(scale: 1)
        let pixels = try renderer.decode(png, cells: cells, zoom: zoom)
        #expect(pixels.covers == PixelRect(x: 0, y: 0, width: 600, height: 400))
        let box = renderer.pixelBox(cells: cells)
        let panned = zoom.panned(across: 1000, down: 1000, photo: pixels.photo, box: box)
        #expect(pixels.canShow(panned.view(photo: pixels.photo, box: box)))
        let picture = try renderer.render(pixels, cells: cells, zoom: panned)
        #expect(picture.columns == 20 && picture.rows == 10)
        #expect(!pixels.canShow(PictureZoom(scale: 2).view(photo: pixels.photo, box: box)))
    }

    static func largestDifference(_ part: RGBImage, _ whole: RGBImage, at region: PixelRect) -> Int {
        var largest = 0
        for y in 0..<region.height {
            for x in 0..<region.width {
                let a = part[x, y], b = whole[region.x + x, region.y + y]
                largest = max(largest, abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)))
            }
        }
        return largest
    }
}
