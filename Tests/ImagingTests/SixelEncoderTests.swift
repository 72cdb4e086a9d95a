import Testing
@testable import Imaging
import ImagingTestSupport

@Suite struct SixelEncoderTests {
    @Test func goldenFixedPaletteBytes() throws {
        let small = XtermPalette.sixel(Goldens.sixelImage4x4)
        #expect(String(decoding: small, as: UTF8.self) == Goldens.sixel4x4)
        let band = XtermPalette.sixel(Goldens.sixelImage8x6)
        #expect(String(decoding: band, as: UTF8.self) == Goldens.sixel8x6)
    }

    @Test func goldenAdaptiveRunsAndBands() throws {
        let bytes = try SixelEncoder.encode(Goldens.sixelImage8x7)
        #expect(String(decoding: bytes, as: UTF8.self) == Goldens.sixel8x7)
    }

    @Test func isOneCompleteSevenBitDCSSequence() throws {
        let image = TestImages.noise(width: 20, height: 13, seed: 1)
        for (palette, bytes) in [("xterm", XtermPalette.sixel(image)), ("256", try SixelEncoder.encode(image)),
                                 ("16", try SixelEncoder.encode(image, registers: 16))] {
            #expect(bytes.starts(with: Array("\u{1B}Pq\"1;1;20;13".utf8)), "\(palette)")
            #expect(bytes.suffix(2) == [0x1B, 0x5C], "\(palette)")
            // Exactly one ESC (inside the terminator) besides the introducer, no C1 controls.
            #expect(bytes.filter { $0 == 0x1B }.count == 2, "\(palette)")
            #expect(bytes.allSatisfy { $0 < 0x80 }, "\(palette)")
        }
    }

    @Test func decodesBackToTheQuantisedPicture() throws {
        // Colours from the xterm cube come back within sixel's 1% precision (2.55 levels).
        let levels: [UInt8] = [0, 95, 135, 175, 215, 255]
        let image = TestImages.image((0..<12).map { y in
            (0..<9).map { x in RGB(levels[x % 6], levels[y % 6], levels[(x + y) % 6]) }
        })
        let decoded = try SixelDecoder.decode(XtermPalette.sixel(image))
        #expect(decoded.width == 9 && decoded.height == 12)
        #expect(zip(decoded.pixels, image.pixels).allSatisfy { abs(Int($0) - Int($1)) <= 2 })
    }

    @Test func adaptivePaletteFollowsTheImage() throws {
        // Six flat colours: each gets a register of its own, close to the original.
        let colours = [RGB(255, 0, 0), RGB(0, 200, 0), RGB(30, 30, 240), RGB(200, 100, 50), RGB(7, 7, 7), RGB(250, 250, 250)]
        let image = TestImages.image((0..<12).map { y in (0..<8).map { x in colours[(x + y) % colours.count] } })
        let adaptive = try SixelDecoder.decode(SixelEncoder.encode(image))
        let fixed = try SixelDecoder.decode(XtermPalette.sixel(image))
        #expect(zip(adaptive.pixels, image.pixels).allSatisfy { abs(Int($0) - Int($1)) <= 8 })
        #expect(adaptive.psnr(comparedTo: image) > fixed.psnr(comparedTo: image))
        #expect(Set((0..<96).map { adaptive[$0 % 8, $0 / 8] }).count == 6)
    }

    @Test func anImageShorterThanABandIsSentAtItsOwnHeight() throws {
        let line = TestImages.noise(width: 240, height: 1, seed: 5)
        let bytes = try SixelEncoder.encode(line)
        #expect(bytes.starts(with: Array("\u{1B}Pq\"1;1;240;1#".utf8)))
        // No sixel character sets a bit below the first row: each is 63 (`?`) or 64 (`@`).
        let data = bytes.dropFirst(3).dropLast(2).filter { (0x3F...0x7E).contains($0) }
        #expect(!data.isEmpty && data.allSatisfy { $0 <= 0x40 }, "\(String(decoding: data, as: UTF8.self))")
        let decoded = try SixelDecoder.decode(bytes)
        #expect(decoded.width == 240 && decoded.height == 1, "\(decoded)")
        #expect(decoded.psnr(comparedTo: line) > 30)
        // Five rows: the last band is cut short the same way.
        #expect(try SixelDecoder.decode(SixelEncoder.encode(TestImages.noise(width: 3, height: 5, seed: 6))).height == 5)
    }

    @Test func refusesEmptyAndOversizedImages() {
        #expect(throws: ImageError.empty) { try SixelEncoder.encode(RGBImage(width: 0, height: 0, pixels: [])) }
        let huge = RGBImage(width: 4097, height: 4096, pixels: [UInt8](repeating: 0, count: 4097 * 4096 * 3))
        #expect(throws: ImageError.tooLarge(width: 4097, height: 4096)) { try SixelEncoder.encode(huge) }
    }

    @Test func imagesWithFewColoursComeBackExactly() throws {
        // Over 200 distinct colours in 24x20 pixels, more than a quantised palette has: each keeps a register of its own, so the only loss
        // is sixel's 1% steps (at most 1.3 levels, rounded: 2).
        let colours: [RGB] = (0..<240).map { (i: Int) -> RGB in RGB(UInt8(i), UInt8(255 - i), UInt8(i * 7 % 256)) }
        let rows: [[RGB]] = (0..<20).map { (y: Int) -> [RGB] in
            (0..<24).map { (x: Int) -> RGB in colours[(y * 24 + x * 13) % 240] }
        }
        let image = TestImages.image(rows)
        let decoded = try SixelDecoder.decode(SixelEncoder.encode(image))
        #expect(decoded.width == 24 && decoded.height == 20)
        #expect(zip(decoded.pixels, image.pixels).allSatisfy { abs(Int($0) - Int($1)) <= 2 })
        let distinct = Set((0..<480).map { image[$0 % 24, $0 / 24] }).count
        #expect(distinct > SixelEncoder.quantizedRegisters)
        #expect(Set((0..<480).map { decoded[$0 % 24, $0 / 24] }).count == distinct)
    }

    @Test func registersUsedAreDefinedAndWithinTheLimit() throws {
        let image = TestImages.noise(width: 50, height: 37, seed: 3)
        for (available, limit) in [(256, SixelEncoder.quantizedRegisters), (16, 16), (2, 2)] {
            let bytes = try SixelEncoder.encode(image, registers: available)
            let registers = SixelRegisters(bytes)
            #expect(!registers.selected.isEmpty, "\(available)")
            #expect(registers.selected == registers.defined, "\(available)")
            #expect(registers.defined.allSatisfy { $0 < limit }, "\(available)")
            let decoded = try SixelDecoder.decode(bytes)
            #expect(Set((0..<decoded.height).flatMap { y in (0..<decoded.width).map { decoded[$0, y] } }).count <= limit)
        }
    }

    @Test func quantisedPaletteDecodesCloseToTheImage() throws {
        // A gradient along all three channels: 1920 colours, far more than registers. Wu's boxes
        // follow it closer than libsixel's median cut does with as many registers.
        let image = TestImages.image((0..<30).map { y in
            (0..<64).map { x in RGB(UInt8(x * 4), UInt8(y * 8), UInt8(255 - x * 2)) }
        })
        let decoded = try SixelDecoder.decode(SixelEncoder.encode(image))
        #expect(decoded.width == 64 && decoded.height == 30)
        #expect(decoded.psnr(comparedTo: image) > 32)
        // The palette alone (written unpruned, as `SixelPruning` would trade some of it for bytes).
        let all = try SixelDecoder.decode(SixelWriter.write(AdaptiveQuantizer.index(image, colors: 256, quantizedColors: 256)))
        let libsixel = try SixelDecoder.decode(LibsixelReferenceEncoder.encode(image))
        #expect(all.psnr(comparedTo: image) > libsixel.psnr(comparedTo: image) + 0.5,
                "\(all.psnr(comparedTo: image)) vs \(libsixel.psnr(comparedTo: image))")
    }

    @Test func concurrentEncodesMatchSequentialOnes() async throws {
        let images = (0..<8).map { TestImages.noise(width: 40, height: 30, seed: UInt64($0)) }
        let sequential = try images.map { try SixelEncoder.encode($0) }
        let concurrent = try await withThrowingTaskGroup(of: (Int, [UInt8]).self) { group in
            for (i, image) in images.enumerated() {
                group.addTask { (i, try SixelEncoder.encode(image)) }
            }
            var results = [[UInt8]](repeating: [], count: images.count)
            for try await (i, bytes) in group { results[i] = bytes }
            return results
        }
        #expect(concurrent == sequential)
    }
}

/// The colour registers a sixel sequence defines (`#n;2;…`) and selects (`#n` alone).
struct SixelRegisters {
    var defined = Set<Int>()
    var selected = Set<Int>()

    init(_ bytes: [UInt8]) {
        var i = 0
        while i < bytes.count {
            defer { i += 1 }
            guard bytes[i] == UInt8(ascii: "#") else { continue }
            var number = 0
            while i + 1 < bytes.count, (48...57).contains(bytes[i + 1]) {
                number = number * 10 + Int(bytes[i + 1] - 48)
                i += 1
            }
            if i + 1 < bytes.count && bytes[i + 1] == UInt8(ascii: ";") {
                defined.insert(number)
            } else {
                selected.insert(number)
            }
        }
    }
}
