import Testing
@testable import Imaging

@Suite struct SixelEncoderTests {
    @Test func goldenFixedPaletteBytes() throws {
        let small = try SixelEncoder.encode(Goldens.sixelImage4x4, palette: .xterm256)
        #expect(String(decoding: small, as: UTF8.self) == Goldens.sixel4x4)
        let band = try SixelEncoder.encode(Goldens.sixelImage8x6, palette: .xterm256)
        #expect(String(decoding: band, as: UTF8.self) == Goldens.sixel8x6)
    }

    @Test func isOneCompleteSevenBitDCSSequence() throws {
        for palette in [SixelPalette.xterm256, .adaptive(colors: 256), .adaptive(colors: 16)] {
            let bytes = try SixelEncoder.encode(TestImages.noise(width: 20, height: 13, seed: 1), palette: palette)
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
        let decoded = try SixelDecoder.decode(SixelEncoder.encode(image, palette: .xterm256))
        #expect(decoded.width == 9 && decoded.height == 12)
        #expect(zip(decoded.pixels, image.pixels).allSatisfy { abs(Int($0) - Int($1)) <= 2 })
    }

    @Test func adaptivePaletteFollowsTheImage() throws {
        // Six flat colours: each gets a register of its own, close to the original.
        let colours = [RGB(255, 0, 0), RGB(0, 200, 0), RGB(30, 30, 240), RGB(200, 100, 50), RGB(7, 7, 7), RGB(250, 250, 250)]
        let image = TestImages.image((0..<12).map { y in (0..<8).map { x in colours[(x + y) % colours.count] } })
        let adaptive = try SixelDecoder.decode(SixelEncoder.encode(image))
        let fixed = try SixelDecoder.decode(SixelEncoder.encode(image, palette: .xterm256))
        #expect(zip(adaptive.pixels, image.pixels).allSatisfy { abs(Int($0) - Int($1)) <= 8 })
        #expect(adaptive.psnr(comparedTo: image) > fixed.psnr(comparedTo: image))
        #expect(Set((0..<96).map { adaptive[$0 % 8, $0 / 8] }).count == 6)
    }

    @Test func paddingToSixRowsUsesTheBackground() throws {
        let image = RGBImage(width: 5, height: 7, filledWith: RGB(255, 255, 255))
        let unpadded = try SixelDecoder.decode(SixelEncoder.encode(image, palette: .xterm256))
        #expect(unpadded.width == 5 && unpadded.height == 7)
        let bytes = try SixelEncoder.encode(image, palette: .xterm256, padToSixRows: true, background: RGB(255, 0, 0))
        #expect(bytes.starts(with: Array("\u{1B}Pq\"1;1;5;12".utf8)))
        let padded = try SixelDecoder.decode(bytes)
        #expect(padded.width == 5 && padded.height == 12)
        #expect((0..<5).allSatisfy { padded[$0, 6] == RGB(255, 255, 255) && padded[$0, 7] == RGB(255, 0, 0) && padded[$0, 11] == RGB(255, 0, 0) })
        // Already a multiple of six: nothing added.
        let exact = try SixelEncoder.encode(RGBImage(width: 3, height: 12, filledWith: RGB(1, 2, 3)), padToSixRows: true)
        #expect(exact.starts(with: Array("\u{1B}Pq\"1;1;3;12".utf8)))
    }

    @Test func imagesShorterThanABandStartAtTheTop() throws {
        let decoded = try SixelDecoder.decode(SixelEncoder.encode(RGBImage(width: 2, height: 1, filledWith: RGB(255, 255, 255))))
        #expect(decoded.height == 6)
        // White on top, the black padding below (adaptive registers are within a few levels).
        #expect(decoded[0, 0].g > 245 && decoded[1, 5].g < 10)
    }

    @Test func refusesEmptyAndOversizedImages() {
        #expect(throws: ImageError.empty) { try SixelEncoder.encode(RGBImage(width: 0, height: 0, pixels: [])) }
        let huge = RGBImage(width: 4097, height: 4096, pixels: [UInt8](repeating: 0, count: 4097 * 4096 * 3))
        #expect(throws: ImageError.tooLarge(width: 4097, height: 4096)) { try SixelEncoder.encode(huge) }
    }

    @Test func leavesTheCallersPixelsAlone() throws {
        let image = TestImages.noise(width: 16, height: 12, seed: 9)
        let copy = image
        var tuning = SixelEncoder.Tuning()
        tuning.diffusion = .floydSteinberg  // diffusion writes into the buffer libsixel gets
        _ = try SixelEncoder.encode(image, palette: .xterm256, tuning: tuning, padToSixRows: false, background: RGB(0, 0, 0))
        #expect(image == copy)
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
