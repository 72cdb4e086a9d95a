import TerminalVocabulary
import Testing
@testable import Imaging
import ImagingTestSupport

/// The tests run in a dynamically linked process, where libheif loads.
@Suite struct HEIFCodecTests {
    @Test(arguments: ["coffee.heic", "coffee.avif"])
    func decodesCloseToTheSourcePhoto(_ name: String) throws {
        #expect(HEIFCodec.isAvailable)
        let image = try ImageDecoder.decode(FormatFixtures.bytes(name))
        #expect(image.width == 160 && image.height == 107)
        #expect(image.psnr(comparedTo: try FormatFixtures.reference()) >= 30)
    }

    @Test func decodesTheEmbeddedThumbnailWhenItCoversTheBox() throws {
        let bytes = try FormatFixtures.bytes("coffee-thumbnail.heic")
        let thumbnail = try ImageDecoder.decode(bytes, covering: PixelSize(width: 24, height: 16))
        #expect(thumbnail.width == 32 && thumbnail.height == 20)
        // The file's own thumbnail (heif-enc's, cropped its own way), as libheif's thumbnailer shows it.
        #expect(thumbnail.psnr(comparedTo: try FormatFixtures.reference("coffee-thumbnail-heic.png")) >= 40)
        let primary = try ImageDecoder.decode(bytes, fittingIn: PixelSize(width: 40, height: 30))
        #expect(primary.width == 160)
        #expect(try ImageDecoder.decode(bytes, covering: PixelSize(width: 40, height: 16)).width == 160)
    }

    @Test func exifOrientationIsNotAppliedOnTopOfHEIFs() throws {
        // Stored 107x160 with an Exif Orientation of 6 and no irot box: HEIF shows it as stored.
        let image = try ImageDecoder.decode(FormatFixtures.bytes("coffee-exif6.heic"))
        #expect(image.width == 107 && image.height == 160)
        #expect(image.transposed(acrossAntiDiagonal: true).psnr(comparedTo: try FormatFixtures.reference()) < 20)
        #expect(image.transposed().psnr(comparedTo: try FormatFixtures.reference()) < 20)
    }

    @Test func refusesDamageAndBombsWithOneLine() throws {
        let bytes = try FormatFixtures.bytes("coffee.heic")
        for damaged in [Array(bytes.prefix(bytes.count / 2)), Array(bytes.prefix(40))] {
            let error = #expect(throws: ImageError.self) { try ImageDecoder.decode(damaged) }
            #expect(error?.isCorrupt == true)
            #expect(!"\(error!)".contains("\n"))
        }
        #expect(throws: ImageError.tooLarge(width: 160, height: 107)) { try ImageDecoder.decode(bytes, maxPixels: 10_000) }
    }
}

/// libheif follows a grid made of itself until it runs out of threads or stack, so such a file is
/// refused before libheif reads it (HEIFDerivations).
@Suite struct HEIFDerivationsTests {
    /// A `meta` box with an `iref` of version 0 holding `references` as 'dimg' (from, [to]).
    static func file(_ references: [(UInt16, [UInt16])], truncatedBy cut: Int = 0) -> [UInt8] {
        func box(_ type: String, _ content: [UInt8]) -> [UInt8] {
            let size = UInt32(8 + content.count)
            return [UInt8(size >> 24), UInt8(size >> 16 & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size & 0xFF)] + Array(type.utf8) + content
        }
        func u16(_ value: UInt16) -> [UInt8] { [UInt8(value >> 8), UInt8(value & 0xFF)] }
        let dimgs = references.flatMap { from, to in box("dimg", u16(from) + u16(UInt16(to.count)) + to.flatMap(u16)) }
        let meta = box("meta", [0, 0, 0, 0] + box("hdlr", Array(repeating: 0, count: 12)) + box("iref", [0, 0, 0, 0] + dimgs))
        let bytes = box("ftyp", Array("heicmif1".utf8)) + meta
        return Array(bytes.dropLast(cut))
    }

    func loops(_ bytes: [UInt8]) -> Bool { bytes.withUnsafeBufferPointer { HEIFDerivations.loop(in: $0) } }

    @Test func aGridMadeOfItselfOrOfAnImageMadeOfItIsALoop() {
        #expect(loops(Self.file([(2, [2])])))
        #expect(loops(Self.file([(2, [3, 4]), (4, [5]), (5, [2])])))
        #expect(!loops(Self.file([(2, [3, 4, 5]), (6, [3])])))
        #expect(!loops(Self.file([])))
        // Cut short: the boxes that are not whole are not read.
        #expect(!loops(Self.file([(2, [2])], truncatedBy: 3)))
        // A meta or iref box too short for its version and flags holds no boxes (found by fuzzing).
        #expect(!loops(Array("\u{0}\u{0}\u{0}\u{A}meta\u{0}\u{0}".utf8)))
        #expect(!loops(Array("\u{0}\u{0}\u{0}\u{18}meta\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{A}iref\u{23}\u{0}".utf8)))
    }

    @Test func moreTilesThanTheFileCouldCodeAreRefusedBeforeLibheifParsesThem() throws {
        // 19,600 tiles in ~40 KB: two bytes of reference a tile, nothing of the tiles themselves.
        let grid = Self.file([(1, (0..<19_600).map { UInt16(2 + $0 % 60_000) })])
        let refusal = grid.withUnsafeBufferPointer { HEIFDerivations.refusal(in: $0) }
        #expect(refusal == "an image of 19600 tiles in \(grid.count >> 10) KB, more than a real one has")
        let start = ContinuousClock.now
        let error = #expect(throws: ImageError.self) { try HEIFCodec.decode(grid) }
        #expect(error?.isCorrupt == true && "\(error!)".contains("19600 tiles"))
        #expect(ContinuousClock.now - start < .seconds(1))
        // A real grid: 48 tiles (an iPhone's 4032 x 3024) in a file of their size is fine.
        var real = Self.file([(1, (2..<50).map { UInt16($0) })])
        real += [UInt8](repeating: 0, count: 48 * 20_000)
        #expect(real.withUnsafeBufferPointer { HEIFDerivations.refusal(in: $0) } == nil)
        for name in ["coffee.heic", "coffee.avif", "coffee-thumbnail.heic"] {
            #expect(try FormatFixtures.bytes(name).withUnsafeBufferPointer { HEIFDerivations.refusal(in: $0) } == nil, "\(name)")
        }
    }

    @Test func moreItemsThanARealFileHasAreRefusedBeforeLibheifParsesThem() throws {
        // meta > iinf saying 19,000 items (libheif took 16.6 s over such a file's items), or iloc
        // locating as many: refused by their counts, whatever follows them.
        func box(_ type: String, _ content: [UInt8]) -> [UInt8] {
            let size = 8 + content.count
            return [UInt8(size >> 24 & 0xFF), UInt8(size >> 16 & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size & 0xFF)] + Array(type.utf8) + content
        }
        let ftyp = box("ftyp", Array("heicmif1".utf8))
        for list in [box("iinf", [0, 0, 0, 0, 0x4A, 0x38]), box("iinf", [1, 0, 0, 0, 0, 0, 0x4A, 0x38]),
                     box("iloc", [1, 0, 0, 0, 0x44, 0x00, 0x4A, 0x38]), box("iloc", [2, 0, 0, 0, 0x44, 0x00, 0, 0, 0x4A, 0x38])] {
            let file = ftyp + box("meta", [0, 0, 0, 0] + box("hdlr", [UInt8](repeating: 0, count: 12)) + list)
            #expect(file.withUnsafeBufferPointer { HEIFDerivations.refusal(in: $0) } == "19000 items, more than a real file has")
        }
        for name in ["coffee.heic", "coffee.avif", "coffee-thumbnail.heic"] {
            let items = try FormatFixtures.bytes(name).withUnsafeBufferPointer { HEIFDerivations.itemCount(in: $0) }
            #expect((1...8).contains(items), "\(name): \(items)")
        }
    }

    /// (The fuzzed file itself is in Fuzz/Regressions/heif, which FuzzRegressionTests replays.)
    @Test func realFilesHaveNoLoopAndALoopIsRefusedInOneLine() throws {
        for name in ["coffee.heic", "coffee.avif", "coffee-thumbnail.heic"] {
            #expect(!loops(try FormatFixtures.bytes(name)), "\(name)")
        }
        let error = #expect(throws: ImageError.self) { try HEIFCodec.decode(Self.file([(2, [2])])) }
        #expect(error?.isCorrupt == true && !"\(error!)".contains("\n"))
    }
}
