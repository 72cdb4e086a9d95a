import Foundation
import Imaging
import ImagingTestSupport
import TerminalVocabulary
import OperatingSystem
import Testing
import TestSupport
import TUI
@testable import Gallery

@Suite struct ThumbnailRendererTests {
    /// A JPEG like the demo catalog serves: a red-to-blue gradient with a green band, `width` x `height`.
    static func jpeg(width: Int, height: Int, seed: UInt8 = 0) throws -> [UInt8] {
        var pixels = [UInt8]()
        pixels.reserveCapacity(width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let band = abs(y - height / 2) < height / 8
                pixels += [UInt8(255 * (width - 1 - x) / max(1, width - 1)), band ? 200 : seed,
                           UInt8(255 * x / max(1, width - 1))]
            }
        }
        return try JPEGCodec.encode(RGBImage(width: width, height: height, pixels: pixels), quality: 90)
    }

    /// Each zoomed view is a kitty picture of its own id (the screen sends a picture again only
    /// under another id); the same view is the same id.
    @Test func eachZoomedViewHasItsOwnKittyID() throws {
        let kitty = ThumbnailRenderer(mode: .kitty, cell: PixelSize(width: 10, height: 20))
        let png = try PNGCodec.encode(JPEGCodec.decode(Self.jpeg(width: 600, height: 400)))
        let cells = CellSize(columns: 20, rows: 10)
        let zoom = PictureZoom(scale: 1)
        let pixels = try kitty.decode(png, cells: cells, zoom: zoom)
        let panned = zoom.panned(across: 100, down: 0, photo: pixels.photo, box: kitty.zoomBox(cells: cells))
        let ids = try [zoom, panned, zoom].map { try #require(kitty.render(pixels, cells: cells, zoom: $0).kitty).id }
        #expect(ids[0] != ids[1] && ids[0] == ids[2])
    }

    /// A playing video's kitty frame is sent at most `playingVideoKittyPixels` (250 KB of base64)
    /// and placed over the same cells as the frame in full, under an id of its own (the same
    /// pixels in full are another picture the screen must send).
    @Test func aPlayingVideoFrameIsSentReducedOverTheSameCells() throws {
        let kitty = ThumbnailRenderer(mode: .kitty, cell: PixelSize(width: 10, height: 20))
        let frame = try JPEGCodec.decode(Self.jpeg(width: 1920, height: 1080))
        let cells = CellSize(columns: 80, rows: 30)
        let full = try #require(kitty.render(frame, cells: cells, fit: .contain).kitty)
        let playing = try #require(kitty.forPlayingVideo.render(frame, cells: cells, fit: .contain).kitty)
        #expect(full.storedBytes == 800 * 450 * 3)
        #expect(playing.storedBytes <= ThumbnailRenderer.playingVideoKittyPixels * 3 && playing.storedBytes > 150_000)
        #expect(playing.transmission.count <= 252_000, "\(playing.transmission.count) bytes")
        #expect(String(decoding: playing.transmission.prefix(60), as: UTF8.self).contains("s=333,v=187"))
        #expect(playing.placement == KittyGraphics.place(id: playing.id, columns: 80, rows: 23))
        #expect(full.placement == KittyGraphics.place(id: full.id, columns: 80, rows: 23))
        #expect(playing.id != full.id)
        // Other modes play what they show still.
        let halfblock = ThumbnailRenderer(mode: .halfblock, cell: .textCell)
        #expect(try halfblock.forPlayingVideo.render(frame, cells: cells, fit: .contain)
                == halfblock.render(frame, cells: cells, fit: .contain))
    }

    /// xterm's default font: 6x13 pixel cells.
    let sixel = ThumbnailRenderer(mode: .sixel, cell: PixelSize(width: 6, height: 13))

    /// The sixel image `picture` is; nil for the others.
    func sixelBytes(_ picture: RenderedPicture) -> [UInt8]? {
        if case .sixel(let bytes) = picture.content { return bytes }
        return nil
    }

    /// The iTerm2 image `picture` is; nil for the others.
    func itermBytes(_ picture: RenderedPicture) -> [UInt8]? {
        if case .iterm(let bytes) = picture.content { return bytes }
        return nil
    }

    @Test func aSixelThumbnailFillsItsCellsInWholeBands() throws {
        let data = try Self.jpeg(width: 348, height: 228)
        #expect(sixel.pixelSize(cells: CellSize(columns: 29, rows: 9)) == PixelSize(width: 174, height: 114))  // 117 rows cut to whole bands
        let thumbnail = try sixel.render(data, cells: CellSize(columns: 29, rows: 9), fit: .crop)
        #expect(thumbnail.columns == 29 && thumbnail.rows == 9)
        let bytes = try #require(sixelBytes(thumbnail))
        #expect(thumbnail.byteCount == bytes.count && thumbnail.graphicBytes == bytes)
        let decoded = try SixelDecoder.decode(bytes)
        #expect(decoded.width == 174 && decoded.height == 114)
        // The picture, not just any pixels: close to the source scaled the same way.
        let source = try ImageDecoder.decode(data).aspectFill(width: 174, height: 114)
        #expect(decoded.psnr(comparedTo: source) > 28)
        #expect(decoded[2, 2].r > 200 && decoded[171, 2].b > 200)
    }

    @Test func aFittedSixelKeepsTheAspectInWholeBandsAndReportsTheCellsItCovers() throws {
        // Landscape into a tall pane: the width limits, the height is cut to a multiple of 6.
        let wide = try sixel.render(Self.jpeg(width: 400, height: 300), cells: CellSize(columns: 79, rows: 39), fit: .contain)
        let wideImage = try SixelDecoder.decode(try #require(sixelBytes(wide)))
        #expect(wideImage.width == 474)
        #expect(wideImage.height % 6 == 0 && abs(wideImage.height - 474 * 3 / 4) < 6)
        #expect(wide.columns == 79 && wide.rows == (wideImage.height + 12) / 13)

        // Portrait: the height limits.
        let tall = try sixel.render(Self.jpeg(width: 300, height: 400), cells: CellSize(columns: 79, rows: 39), fit: .contain)
        let tallImage = try SixelDecoder.decode(try #require(sixelBytes(tall)))
        #expect(tallImage.height == 504 && tallImage.height <= 39 * 13)
        #expect(tallImage.width == 378)
        #expect(tall.columns == 63 && tall.rows == 39)
    }

    @Test func aPaneLargerThanATerminalShowsIsDrawnInAtMost4096PixelsASide() throws {
        // 1000x500 cells of 6x13 would be 6000x6500 pixels.
        #expect(sixel.pixelSize(cells: CellSize(columns: 1000, rows: 500)) == PixelSize(width: 4096, height: 4092))  // 4096 cut to whole bands
        let kitty = ThumbnailRenderer(mode: .kitty, cell: PixelSize(width: 6, height: 13))
        #expect(kitty.pixelSize(cells: CellSize(columns: 1000, rows: 500)) == PixelSize(width: 4096, height: 4096))
        let fitted = try kitty.render(Self.jpeg(width: 300, height: 200), cells: CellSize(columns: 1000, rows: 500), fit: .contain)
        let kittyImage = try #require(fitted.kitty, "not a kitty picture")
        // 3:2 in 4096x4096: 4096x2731, over 683 columns and 211 rows.
        #expect(kittyImage.storedBytes == 4096 * 2731 * 3)
        #expect(fitted.columns == 683 && fitted.rows == 211)
    }

    @Test func textArtOfAPaneLargerThanATerminalShowsIsCutToItsCells() throws {
        let ascii = ThumbnailRenderer(mode: .ascii, depth: .none)
        #expect(ascii.pixelSize(cells: CellSize(columns: 5000, rows: 1)) == PixelSize(width: 8192, height: 4))  // twice 4096x2 samples
        let art = try ascii.render(Self.jpeg(width: 300, height: 200), cells: CellSize(columns: 5000, rows: 1), fit: .crop)
        #expect(art.columns == 4096 && art.rows == 1 && art.plainLines.first?.count == 4096)
    }

    @Test func theSixelPaletteHasNoMoreColoursThanTheTerminalHasRegisters() throws {
        let renderer = ThumbnailRenderer(mode: .sixel, cell: PixelSize(width: 6, height: 13), sixelColorRegisters: 16)
        let thumbnail = try renderer.render(Self.jpeg(width: 200, height: 120), cells: CellSize(columns: 20, rows: 6), fit: .crop)
        let decoded = try SixelDecoder.decode(try #require(sixelBytes(thumbnail)))
        let colours = Set((0..<decoded.height).flatMap { y in (0..<decoded.width).map { decoded[$0, y] } })
        #expect(colours.count <= 16 && colours.count > 4)
    }

    @Test func theDetailImageSpendsAFullPaletteWhereThumbnailsKeepToTheSmallerOne() throws {
        // Gradients of thousands of colours, more than any palette, within the sixel budget (noise
        // would be over it and get fewer registers): each gets as many registers as it may.
        let gradients = (0..<(160 * 120 * 3)).map { i in
            let (x, y, channel) = (i / 3 % 160, i / 480, i % 3)
            return UInt8(channel == 0 ? x : channel == 1 ? 2 * y : (x + y) % 256)
        }
        let data = try JPEGCodec.encode(RGBImage(width: 160, height: 120, pixels: gradients), quality: 95)
        func registers(_ renderer: any ThumbnailRendering, _ fit: PictureFit) throws -> Int {
            let bytes = try #require(sixelBytes(try renderer.render(data, cells: CellSize(columns: 20, rows: 9), fit: fit)))
            // Each register is defined once, as `#n;2;r;g;b`.
            return String(decoding: bytes, as: UTF8.self).components(separatedBy: ";2;").count - 1
        }
        // Grid thumbnails in either fit (contain, the default, is the detail pane's fit too).
        #expect(try registers(sixel, .crop) <= SixelEncoder.quantizedRegisters)
        #expect(try registers(sixel, .contain) <= SixelEncoder.quantizedRegisters)
        #expect(try registers(sixel.forPictureDrawnOnce, .contain) > SixelEncoder.quantizedRegisters)
    }

    @Test func kittyIdsAreStablePerContentAndSize() throws {
        let kitty = ThumbnailRenderer(mode: .kitty, cell: PixelSize(width: 10, height: 20))
        let a = try Self.jpeg(width: 120, height: 80, seed: 0)
        let b = try Self.jpeg(width: 120, height: 80, seed: 90)
        func id(_ data: [UInt8], _ columns: Int) throws -> UInt32 {
            try #require(kitty.render(data, cells: CellSize(columns: columns, rows: 4), fit: .crop).kitty, "not a kitty picture").id
        }
        let first = try id(a, 8)
        #expect(try id(a, 8) == first)
        #expect(try id(b, 8) != first)
        #expect(try id(a, 6) != first)
        // The payload transmits the pixels only; the terminal stores them raw.
        let thumbnail = try kitty.render(a, cells: CellSize(columns: 8, rows: 4), fit: .crop)
        let kittyImage = try #require(thumbnail.kitty)
        #expect(String(decoding: kittyImage.transmission.prefix(40), as: UTF8.self).hasPrefix("\u{1B}_Ga=t,f=24,s=80,v=80,i=\(first),q=2,"))
        #expect(kittyImage.id == first && kittyImage.storedBytes == 80 * 80 * 3)
    }

    /// The renderer the app makes from what the terminal said: kitty 0.26 outside tmux (this
    /// machine's) keeps placement by id at the cursor; kitty 0.28 behind tmux 3.6a gets pictures
    /// shown by Unicode placeholders under the pane's ids, sent through tmux's passthrough.
    @Test func kittyInsideTmuxIsShownByPlaceholdersAndOutsideByPlacement() throws {
        let jpeg = try Self.jpeg(width: 120, height: 80, seed: 7)
        let cells = CellSize(columns: 8, rows: 4)
        var outside = TerminalCapabilities(kitty: true)
        outside.cellPixelSize = PixelSize(width: 10, height: 20)
        let placed = try #require(RenderMode.kitty.makeRenderer(capabilities: outside, depth: .trueColor)
            .render(jpeg, cells: cells, fit: .crop).kitty)
        #expect(placed.placeholderRows.isEmpty && !placed.showsAsText)
        #expect(String(decoding: placed.placement, as: UTF8.self) == "\u{1B}_Ga=p,i=\(placed.id),c=8,r=4,C=1,q=2\u{1B}\\")
        #expect(String(decoding: placed.transmission.prefix(8), as: UTF8.self) == "\u{1B}_Ga=t,f")

        let tmux = try #require(TmuxClient(reply: "3.6a\t256,RGB\txterm-kitty\t1\tkitty(0.28.1)\t%4\ton\n"))
        let inside = outside.inside(tmux)
        let shown = try #require(RenderMode.kitty.makeRenderer(capabilities: inside, depth: .trueColor)
            .render(jpeg, cells: cells, fit: .crop).kitty)
        #expect(tmux.kittyPlaceholderIDs.contains(shown.id) && shown.id >> 16 == 5)
        #expect(shown.placement.isEmpty && shown.deletePlacements.isEmpty && shown.placeholderRows.count == 4)
        #expect(String(decoding: shown.transmission.prefix(80), as: UTF8.self)
            .hasPrefix("\u{1B}Ptmux;\u{1B}\u{1B}_Ga=T,f=24,s=80,v=80,U=1,i=\(shown.id),c=8,r=4,q=2,"))
        #expect(String(decoding: shown.free, as: UTF8.self) == "\u{1B}Ptmux;\u{1B}\u{1B}_Ga=d,d=I,i=\(shown.id),q=2\u{1B}\u{1B}\\\u{1B}\\")
    }

    /// Over SSH (`kittyPixels: .png`) every kitty picture the app draws goes as a PNG: grid
    /// thumbnails and the detail pane's picture alike.
    @Test func kittyPicturesGoAsPNGWhenAskedTo() throws {
        let remote = ThumbnailRenderer(mode: .kitty, cell: PixelSize(width: 10, height: 20), kittyPixels: .png)
        let jpeg = try Self.jpeg(width: 120, height: 80, seed: 4)
        for renderer in [remote, remote.forPictureDrawnOnce] {
            for fit in PictureFit.allCases {
                let picture = try #require(renderer.render(jpeg, cells: CellSize(columns: 8, rows: 4), fit: fit).kitty)
                #expect(String(decoding: picture.transmission.prefix(20), as: UTF8.self).hasPrefix("\u{1B}_Ga=t,f=100,i="))
            }
        }
    }

    @Test func kittyIdsSkipTheQueryId() {
        let ids = KittyImageIDs(reserved: [KittyGraphics.queryID])
        let handed = (0..<40).map { ids.id(for: [UInt8($0)], cells: CellSize(columns: 1, rows: 1), fit: .crop) }
        #expect(!handed.contains(KittyGraphics.queryID))
        #expect(Set(handed).count == 40 && handed.allSatisfy { $0 >= 1 })
    }

    @Test func itermPayloadNamesItsCells() throws {
        let iterm = ThumbnailRenderer(mode: .iterm, cell: PixelSize(width: 8, height: 16))
        let thumbnail = try iterm.render(Self.jpeg(width: 160, height: 100), cells: CellSize(columns: 10, rows: 4), fit: .crop)
        let bytes = try #require(itermBytes(thumbnail))
        let text = String(decoding: bytes.prefix(80), as: UTF8.self)
        #expect(text.hasPrefix("\u{1B}]1337;File=inline=1;size=") && text.contains("width=10;height=4;"))
    }

    /// Thumbnails are decoded by `ImageDecoder`'s rule (twice the picture's size), not at the bare
    /// cells' pixels: on real 1080 px photos that is several dB closer to an exact area downscale.
    /// iTerm2 payloads are lossless PNG, so the pixels compared are exactly the renderer's.
    @Test(.enabled(if: !Self.photos.isEmpty, SharedPhotos.absent))
    func thumbnailsOfRealPhotosAreDecodedLargeEnoughToResampleWell() throws {
        let iterm = ThumbnailRenderer(mode: .iterm, cell: PixelSize(width: 6, height: 13))
        let box = iterm.pixelSize(cells: CellSize(columns: 16, rows: 5))
        var rendered = 0.0, bare = 0.0
        for path in Self.photos {
            let data = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            let exact = try ImageDecoder.decode(data).aspectFill(width: box.width, height: box.height)
            let payload = try #require(itermBytes(try iterm.render(data, cells: CellSize(columns: 16, rows: 5), fit: .crop)))
            let base64 = payload.drop { $0 != UInt8(ascii: ":") }.dropFirst().dropLast()
            let png = try #require(Data(base64Encoded: Data(base64)), "\(path): no base64 PNG")
            rendered += try PNGCodec.decode([UInt8](png)).psnr(comparedTo: exact)
            bare += try ImageDecoder.decode(data, covering: box).aspectFill(width: box.width, height: box.height)
                .psnr(comparedTo: exact)
        }
        let count = Double(Self.photos.count)
        #expect(rendered / count > bare / count + 3, "rendered \(rendered / count) dB, bare-size decode \(bare / count) dB")
    }

    /// The shared corpus's 1080 px JPEGs, which sit beside the repository.
    static let photos = SharedPhotos.paths(endingWith: "-1080.jpg")

    @Test func aCorruptImageIsAnError() {
        #expect(throws: ImageError.self) { try sixel.render([0xFF, 0xD8, 0xFF, 0x00], cells: CellSize(columns: 4, rows: 2), fit: .crop) }
    }

    @Test func aKittyThumbnailIsATransmissionAndItsPlacementMadeOnce() throws {
        let kitty = ThumbnailRenderer(mode: .kitty, cell: PixelSize(width: 10, height: 20))
        let thumbnail = try kitty.render(Self.jpeg(width: 120, height: 80), cells: CellSize(columns: 3, rows: 2), fit: .crop)
        let image = TerminalImage(thumbnail, id: "p/kitty")
        #expect(image.size == CellSize(columns: 3, rows: 2))
        let held = try #require(image.picture.kitty)
        #expect(image.picture.graphicBytes == KittyGraphics.place(id: held.id, columns: 3, rows: 2))
        #expect(held.storedBytes == 30 * 40 * 3)
        #expect(held.transmission.starts(with: Array("\u{1B}_G".utf8)))
        #expect(held.deletePlacements == KittyGraphics.deletePlacements(id: held.id))
        #expect(held.free == KittyGraphics.free(id: held.id))
        #expect(thumbnail.byteCount == held.transmission.count + held.placement.count)
        #expect(sixelBytes(try self.sixel.render(Self.jpeg(width: 60, height: 40), cells: CellSize(columns: 3, rows: 2), fit: .crop)) != nil)
    }
}

@Suite struct RenderModeTests {
    @Test func autoPrefersSixelThenKittyThenITermThenText() {
        let xterm = ["TERM": "xterm-256color"]
        #expect(RenderMode.best(for: TerminalCapabilities(sixel: true, kitty: true, iterm: true), environment: xterm) == .sixel)
        #expect(RenderMode.best(for: TerminalCapabilities(kitty: true, iterm: true), environment: xterm) == .kitty)
        #expect(RenderMode.best(for: TerminalCapabilities(iterm: true), environment: xterm) == .iterm)
        #expect(RenderMode.best(for: TerminalCapabilities(), environment: xterm) == .halfblock)
        #expect(RenderMode.best(for: TerminalCapabilities(), environment: ["TERM": "vt100"]) == .ascii)
        #expect(RenderMode.best(for: TerminalCapabilities(), environment: ["TERM": "xterm", "NO_COLOR": "1"]) == .ascii)
    }

    /// Without pixels the text art is `TerminalGuess`'s: these differed from the app's old rule.
    @Test func textArtFollowsTheSharedEnvironmentRule() {
        let none = TerminalCapabilities()
        #expect(RenderMode.best(for: none, environment: ["TERM": "xterm", "NO_COLOR": ""]) == .halfblock)
        #expect(RenderMode.best(for: none, environment: ["TERM": "vte-256color"]) == .halfblock)
        // NO_COLOR does not hide pictures the terminal can draw.
        #expect(RenderMode.best(for: TerminalCapabilities(kitty: true), environment: ["TERM": "xterm-kitty", "NO_COLOR": "1"]) == .kitty)
    }

    @Test func everyModeGetsTheRendererWithTheCellSizeAndDepth() throws {
        let capabilities = TerminalCapabilities(sixel: true, cellPixelSize: PixelSize(width: 7, height: 15), sixelColorRegisters: 64)
        let renderer = try #require(RenderMode.sixel.makeRenderer(capabilities: capabilities, depth: .trueColor) as? ThumbnailRenderer)
        #expect(renderer.mode == .sixel && renderer.cell == PixelSize(width: 7, height: 15))
        #expect(renderer.sixelRegisters == 64)
        let text = try #require(RenderMode.halfblock.makeRenderer(capabilities: capabilities, depth: .palette256) as? ThumbnailRenderer)
        #expect(text.mode == .halfblock && text.depth == .palette256)
        #expect(!RenderMode.ascii.drawsPixels && RenderMode.kitty.drawsPixels)
    }
}

@Suite struct RenderLimiterTests {
    /// Polls (sleeping the task) until `condition` holds, at most a second.
    func waitUntil(_ condition: () -> Bool) async throws {
        for _ in 0..<200 where !condition() { try await Task.sleep(for: .milliseconds(5)) }
        #expect(condition())
    }

    @Test func aCallerWaitsForAFreeSlotAndGetsItOnRelease() async throws {
        let limiter = RenderLimiter(limit: 2)
        try await limiter.acquire()
        try await limiter.acquire()
        let third = Task { try await limiter.run { 42 } }
        try await waitUntil { limiter.usage.waiting == 1 }
        #expect(limiter.usage.running == 2)
        limiter.release()
        #expect(try await third.value == 42)
        limiter.release()
        #expect(limiter.usage.running == 0 && limiter.usage.waiting == 0)
    }

    /// A render made ahead (`.utility`) that waits first still goes after one on screen that waits
    /// later; among renders of one priority the first to wait goes first.
    @Test func aRenderOnScreenGoesBeforeOneMadeAhead() async throws {
        let limiter = RenderLimiter(limit: 1)
        let order = Locked<[String]>([])
        try await limiter.acquire()
        let ahead = Task(priority: .utility) { try await limiter.run { order.withLock { $0.append("ahead") } } }
        try await waitUntil { limiter.usage.waiting == 1 }
        let shown = Task(priority: .high) { try await limiter.run { order.withLock { $0.append("shown") } } }
        try await waitUntil { limiter.usage.waiting == 2 }
        let shownLater = Task(priority: .high) { try await limiter.run { order.withLock { $0.append("shown later") } } }
        try await waitUntil { limiter.usage.waiting == 3 }
        limiter.release()
        _ = try await (ahead.value, shown.value, shownLater.value)
        #expect(order.withLock { $0 } == ["shown", "shown later", "ahead"])
    }

    @Test func aCancelledWaiterLeavesTheQueue() async throws {
        let limiter = RenderLimiter(limit: 1)
        try await limiter.acquire()
        let waiting = Task { try await limiter.run { 1 } }
        try await waitUntil { limiter.usage.waiting == 1 }
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }
        #expect(limiter.usage.waiting == 0)
        limiter.release()
        #expect(limiter.usage.running == 0)
    }
}
