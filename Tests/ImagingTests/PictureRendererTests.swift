import Foundation
import ImagingTestSupport
import TerminalVocabulary
import Testing
@testable import Imaging

/// `PictureRenderer` in every mode: the bytes decode back to the picture, at the size and over the
/// cells its settings ask for.
@Suite struct PictureRendererTests {
    /// A red-to-blue gradient with a green band across the middle, `width` x `height`.
    static func source(width: Int, height: Int) -> RGBImage {
        var pixels = [UInt8]()
        pixels.reserveCapacity(width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let band = abs(y - height / 2) < max(1, height / 8)
                pixels += [UInt8(255 * (width - 1 - x) / max(1, width - 1)), band ? 200 : 0,
                           UInt8(255 * x / max(1, width - 1))]
            }
        }
        return RGBImage(width: width, height: height, pixels: pixels)
    }

    static func jpeg(width: Int, height: Int) throws -> [UInt8] {
        try JPEGCodec.encode(source(width: width, height: height), quality: 95)
    }

    /// xterm's default font.
    static let xtermCell = PixelSize(width: 6, height: 13)

    func renderer(_ mode: RenderMode, depth: ColorDepth = .trueColor) -> PictureRenderer {
        PictureRenderer(mode: mode, cell: Self.xtermCell, depth: depth)
    }

    /// The source decoded and resized as the renderer should have: the reference a picture is
    /// measured against.
    func expected(_ data: [UInt8], width: Int, height: Int, fill: Bool = false) throws -> RGBImage {
        let decoded = try ImageDecoder.decode(data)
        return fill ? decoded.aspectFill(width: width, height: height) : decoded.aspectFit(width: width, height: height)
    }

    // MARK: - Sixel

    /// The pixels a sixel picture draws; nil for another kind of picture.
    func sixelImage(_ picture: RenderedPicture) throws -> RGBImage? {
        guard case .sixel(let bytes) = picture.content else { return nil }
        return try SixelDecoder.decode(bytes)
    }

    /// 400x300 in 40x20 cells of 240x260 pixels: the width limits, 240x180 over 14 rows. 240x1 is
    /// sent one pixel high, not padded to a band.
    /// The size worked out before resampling is the size `aspectFit` makes, in every proportion.
    @Test func theFittedSizeIsTheFittedPicturesSize() {
        for (width, height) in [(1, 1), (7, 3), (3, 7), (1080, 720), (720, 1080), (4000, 1), (1, 4000), (999, 1000)] {
            let image = Self.source(width: width, height: height)
            for (boxWidth, boxHeight) in [(230, 240), (1, 1), (50, 7), (7, 50), (1200, 800)] {
                for sampleAspect in [1, 2] {
                    let fitted = image.aspectFit(width: boxWidth, height: boxHeight, sampleAspect: sampleAspect)
                    #expect(image.fittedSize(width: boxWidth, height: boxHeight, sampleAspect: sampleAspect)
                            == PixelSize(width: fitted.width, height: fitted.height), "\(width)x\(height) in \(boxWidth)x\(boxHeight)")
                }
            }
        }
    }

    @Test(arguments: [((400, 300), (240, 180), 14), ((240, 1), (240, 1), 1)])
    func aFittedSixelIsThePictureAtItsOwnSizeOverTheCellsItCovers(source: (Int, Int), size: (Int, Int), rows: Int) throws {
        let data = try Self.jpeg(width: source.0, height: source.1)
        let picture = try renderer(.sixel).render(data, cells: CellSize(columns: 40, rows: 20), fit: .contain)
        let image = try #require(try sixelImage(picture), "not sixel")
        #expect(image.width == size.0 && image.height == size.1)
        #expect(picture.columns == 40 && picture.rows == rows)
        #expect(image.psnr(comparedTo: try expected(data, width: size.0, height: size.1)) > 30)
    }

    @Test func wholeSixelBandsCutTheBoxAndAFittedPicture() throws {
        var banded = renderer(.sixel)
        banded.wholeSixelBands = true
        #expect(renderer(.sixel).pixelBox(cells: CellSize(columns: 29, rows: 9)) == PixelSize(width: 174, height: 117))
        #expect(banded.pixelBox(cells: CellSize(columns: 29, rows: 9)) == PixelSize(width: 174, height: 114))
        // Less than a band is kept whole: cutting it would leave nothing.
        var tiny = banded
        tiny.cell = PixelSize(width: 6, height: 5)
        #expect(tiny.pixelBox(cells: CellSize(columns: 29, rows: 1)) == PixelSize(width: 174, height: 5))
        let data = try Self.jpeg(width: 348, height: 228)
        let filled = try banded.render(data, cells: CellSize(columns: 29, rows: 9), fit: .crop)
        let filledImage = try #require(try sixelImage(filled), "not sixel")
        #expect(filledImage.width == 174 && filledImage.height == 114)
        #expect(filledImage.psnr(comparedTo: try expected(data, width: 174, height: 114, fill: true)) > 28)
        // Fitted: 400x300 in 474x507 is 474x356, cut to 354 rows.
        let fitted = try banded.render(Self.jpeg(width: 400, height: 300), cells: CellSize(columns: 79, rows: 39), fit: .contain)
        let fittedImage = try #require(try sixelImage(fitted), "not sixel")
        #expect(fittedImage.width == 474 && fittedImage.height == 354)
        #expect(fitted.columns == 79 && fitted.rows == 28)
    }

    @Test func theSixelPaletteKeepsToTheRegistersItIsGiven() throws {
        // Gradients of thousands of colours, within the sixel budget (noise would be over it and
        // get fewer registers: `SixelBudgetTests`).
        let gradients = RGBImage(width: 160, height: 120, pixels: (0..<160 * 120 * 3).map { i in
            let (x, y, channel) = (i / 3 % 160, i / 480, i % 3)
            return UInt8(channel == 0 ? x : channel == 1 ? 2 * y : (x + y) % 256)
        })
        let data = try JPEGCodec.encode(gradients, quality: 95)
        func registers(_ renderer: PictureRenderer) throws -> Int {
            guard case .sixel(let bytes) = try renderer.render(data, cells: CellSize(columns: 20, rows: 9), fit: .crop).content else { return -1 }
            // Each register is defined once, as `#n;2;r;g;b`.
            return String(decoding: bytes, as: UTF8.self).components(separatedBy: ";2;").count - 1
        }
        var few = renderer(.sixel)
        few.sixelRegisters = 16
        #expect(try registers(few) == 16)
        #expect(try registers(renderer(.sixel)) == SixelEncoder.quantizedRegisters)
        var full = renderer(.sixel)
        full.sixelQuantizedRegisters = 256
        #expect(try registers(full) > SixelEncoder.quantizedRegisters)
    }

    // MARK: - kitty

    /// The pixels a kitty transmission carries: the base64 payloads of its chunks, joined.
    func kittyPixels(_ transmission: [UInt8]) throws -> [UInt8] {
        let text = String(decoding: transmission, as: UTF8.self)
        let payload = text.components(separatedBy: "\u{1B}\\").compactMap { $0.split(separator: ";").last.map(String.init) }
            .filter { !$0.hasPrefix("\u{1B}_G") }.joined()
        return [UInt8](try #require(Data(base64Encoded: payload)))
    }

    @Test func aKittyPictureIsPlacedWhereItIsSentOrStoredForPlacementsByID() throws {
        let data = try Self.jpeg(width: 120, height: 80)
        var kitty = PictureRenderer(mode: .kitty, cell: PixelSize(width: 10, height: 20), depth: .trueColor)
        let printed = try kitty.render(data, cells: CellSize(columns: 8, rows: 8), fit: .contain, kittyID: 42)
        guard case .kitty(let once) = printed.content else { Issue.record("not kitty"); return }
        // 3:2 in 80x160 pixels: 80x53, over 8 columns and 3 rows.
        #expect(printed.columns == 8 && printed.rows == 3)
        #expect(String(decoding: once.transmission.prefix(60), as: UTF8.self)
            .hasPrefix("\u{1B}_Ga=T,f=24,s=80,v=53,i=42,c=8,r=3,q=2,"))
        #expect(once.id == 42 && once.storedBytes == 80 * 53 * 3)
        let pixels = RGBImage(width: 80, height: 53, pixels: try kittyPixels(once.transmission))
        #expect(pixels.psnr(comparedTo: try expected(data, width: 80, height: 53)) > 30)

        kitty.kittyTransmission = .stored
        let filled = try kitty.render(data, cells: CellSize(columns: 3, rows: 2), fit: .crop, kittyID: 7)
        guard case .kitty(let stored) = filled.content else { Issue.record("not kitty"); return }
        #expect(filled.columns == 3 && filled.rows == 2 && stored.storedBytes == 30 * 40 * 3)
        #expect(String(decoding: stored.transmission.prefix(40), as: UTF8.self).hasPrefix("\u{1B}_Ga=t,f=24,s=30,v=40,i=7,q=2,"))
        #expect(stored.placement == KittyGraphics.place(id: 7, columns: 3, rows: 2))
        #expect(stored.deletePlacements == KittyGraphics.deletePlacements(id: 7))
        #expect(stored.free == KittyGraphics.free(id: 7))
        #expect(filled.byteCount == stored.transmission.count + stored.placement.count)
    }

    // MARK: - iTerm2

    @Test func anITermPictureIsALosslessPNGStretchedOverItsCells() throws {
        let data = try Self.jpeg(width: 160, height: 100)
        let picture = try PictureRenderer(mode: .iterm, cell: PixelSize(width: 8, height: 16), depth: .trueColor)
            .render(data, cells: CellSize(columns: 10, rows: 4), fit: .crop)
        guard case .iterm(let bytes) = picture.content else { Issue.record("not iTerm2"); return }
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasPrefix("\u{1B}]1337;File=inline=1;size=") && text.contains(";width=10;height=4;"))
        #expect(picture.columns == 10 && picture.rows == 4)
        let base64 = text.drop { $0 != ":" }.dropFirst().dropLast()
        let png = try PNGCodec.decode([UInt8](try #require(Data(base64Encoded: String(base64)))))
        #expect(png.width == 80 && png.height == 64)
        #expect(png.psnr(comparedTo: try expected(data, width: 80, height: 64, fill: true)) > 30)
    }

    @Test func aCorruptImageIsAnErrorInEveryMode() {
        for mode in RenderMode.allCases {
            #expect(throws: ImageError.self) { try renderer(mode).render([0xFF, 0xD8, 0xFF, 0x00], cells: CellSize(columns: 4, rows: 2), fit: .contain) }
        }
    }

    // MARK: - Text art

    @Test func halfBlocksDrawTwoPixelsACellInColour() throws {
        let data = try Self.jpeg(width: 300, height: 200)
        let picture = try renderer(.halfblock).render(data, cells: CellSize(columns: 24, rows: 8), fit: .crop)
        #expect(picture.columns == 24 && picture.rows == 8)
        #expect(picture.lines.count == 8 && picture.plainLines == Array(repeating: String(repeating: "▀", count: 24), count: 8))
        // Red on the left, blue on the right, in 24-bit colour.
        let top = try #require(picture.lines.first)
        #expect(top.hasPrefix("\u{1B}[38;2;2") && top.contains("▀"))
        let decoded = try ImageDecoder.decode(data, filling: PixelSize(width: 24, height: 16))
        let art = CellArt.halfBlocks(from: decoded, columns: 24, rows: 8, fit: .crop)
        #expect(picture.lines[3] == art.ansiLine(row: 3, depth: .trueColor))
    }

    @Test func fittedTextCoversThePicturesCellsOrPadsItsWholeBox() throws {
        // Portrait 1:3 in 24x8 cells (24x16 samples): 5x16 samples, 5 columns by 8 rows.
        let data = try Self.jpeg(width: 100, height: 300)
        let own = try renderer(.halfblock).render(data, cells: CellSize(columns: 24, rows: 8), fit: .contain)
        #expect(own.columns == 5 && own.rows == 8 && own.plainLines.allSatisfy { $0.count == 5 && !$0.contains(" ") })
        var padding = renderer(.halfblock)
        padding.padsFittedText = true
        let padded = try padding.render(data, cells: CellSize(columns: 24, rows: 8), fit: .contain)
        #expect(padded.columns == 24 && padded.rows == 8)
        #expect(padded.plainLines.allSatisfy { $0.count == 24 && $0.hasPrefix("         ▀") && $0.hasSuffix(" ") })
        // 240x1 fitted is one row of its own, not cropped to the box's aspect.
        let wide = try renderer(.halfblock).render(Self.jpeg(width: 240, height: 1), cells: CellSize(columns: 240, rows: 4), fit: .contain)
        #expect(wide.columns == 240 && wide.rows == 1)
    }

    @Test func asciiArtIsARampOfCharactersColouredOnlyWithColours() throws {
        let data = try Self.jpeg(width: 200, height: 100)
        let plain = try renderer(.ascii, depth: .none).render(data, cells: CellSize(columns: 20, rows: 5), fit: .crop)
        #expect(plain.columns == 20 && plain.rows == 5)
        #expect(plain.plainLines.allSatisfy { $0.count == 20 && $0.allSatisfy { " .:-=+*#%@".contains($0) } })
        // The bright green band across the middle row against the dark red and blue rows.
        #expect(plain.plainLines[2] != plain.plainLines[0])
        #expect(!plain.lines.joined().contains("\u{1B}[38"))
        let coloured = try renderer(.ascii, depth: .palette256).render(data, cells: CellSize(columns: 20, rows: 5), fit: .crop)
        #expect(coloured.plainLines == plain.plainLines)
        #expect(coloured.lines.allSatisfy { $0.contains("\u{1B}[38;5;") })
    }

    @Test func textArtOfABoxLargerThanATerminalShowsIsCutToItsCells() throws {
        let renderer = renderer(.ascii, depth: .none)
        #expect(renderer.pixelBox(cells: CellSize(columns: 5000, rows: 3000)) == PixelSize(width: 4096, height: 4096))
        let art = try renderer.render(Self.jpeg(width: 300, height: 200), cells: CellSize(columns: 5000, rows: 1), fit: .crop)
        #expect(art.columns == 4096 && art.rows == 1 && art.plainLines.first?.count == 4096)
    }
}
