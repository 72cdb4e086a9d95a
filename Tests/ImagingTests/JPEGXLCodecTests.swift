import Foundation
import TerminalVocabulary
import Testing
@testable import Imaging
import ImagingTestSupport
import TestSupport

/// JPEG XL files made at test time by cjxl (libjxl-tools) from the format fixtures.
@Suite struct JPEGXLCodecTests {
    /// `fixture` through cjxl with `options`; nil (the test skipped) without cjxl.
    static func jxl(from fixture: String, _ options: [String] = []) throws -> [UInt8]? {
        guard isOnPath("cjxl") else { return nil }
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let out = folder.url.appendingPathComponent("made.jxl").path
        let run = try runProgram(["cjxl", FormatFixtures.folder.appendingPathComponent(fixture).path, out] + options)
        try #require(run.status == 0, "cjxl: \(run.stderr)")
        return try [UInt8](Data(contentsOf: URL(fileURLWithPath: out)))
    }

    @Test(.enabled(if: isOnPath("cjxl"), "cjxl (libjxl-tools) is not installed"))
    func decodesCloseToTheSourcePhoto() throws {
        #expect(JPEGXLCodec.isAvailable)
        let bytes = try #require(try Self.jxl(from: "coffee.png", ["-d", "1"]))
        #expect(ImageFormat(sniffing: bytes) == .jpegXL)
        let image = try ImageDecoder.decode(bytes)
        #expect(image.width == 160 && image.height == 107)
        #expect(image.psnr(comparedTo: try FormatFixtures.reference()) >= 30)
        #expect(try ImageDecoder.dimensions(of: bytes) == PixelSize(width: 160, height: 107))
        // No scaled decode in libjxl 0.7: decoded whole, averaged down to what covers the box.
        let small = try ImageDecoder.decode(bytes, fittingIn: PixelSize(width: 40, height: 27))
        #expect(small.width == 81 && small.height == 54, "\(small)")
    }

    @Test(.enabled(if: isOnPath("cjxl"), "cjxl (libjxl-tools) is not installed"))
    func theContainerIsRecognisedAndItsOrientationAppliedOnce() throws {
        // A JPEG with Exif orientation 6, recompressed losslessly: the ISO container, the
        // codestream's orientation 6, and the Exif box as well.
        let bytes = try #require(try Self.jxl(from: "orientation-6.jpg"))
        #expect(bytes.starts(with: [0, 0, 0, 0x0C, 0x4A, 0x58, 0x4C, 0x20]))
        #expect(ImageFormat(sniffing: bytes) == .jpegXL)
        let image = try ImageDecoder.decode(bytes)
        let upright = try ImageDecoder.decode(FormatFixtures.bytes("orientation-6.jpg"))
        #expect(image.width == upright.width && image.height == upright.height)
        #expect(image.psnr(comparedTo: upright) >= 30)
    }

    @Test(.enabled(if: isOnPath("cjxl"), "cjxl (libjxl-tools) is not installed"))
    func alphaIsCompositedOverTheBackgroundAsPNGs() throws {
        let bytes = try #require(try Self.jxl(from: "coffee-alpha.png", ["-d", "0"]))
        let background = RGB(40, 80, 120)
        let image = try ImageDecoder.decode(bytes, background: background)
        let png = try ImageDecoder.decode(FormatFixtures.bytes("coffee-alpha.png"), background: background)
        #expect(image.psnr(comparedTo: png) >= 45)
    }

    @Test(.enabled(if: isOnPath("cjxl"), "cjxl (libjxl-tools) is not installed"))
    func refusesDamageAndBombsWithOneLine() throws {
        let bytes = try #require(try Self.jxl(from: "coffee.png", ["-d", "1"]))
        for damaged in [Array(bytes.prefix(bytes.count / 2)), Array(bytes.prefix(8)), [0xFF, 0x0A]] {
            let error = #expect(throws: ImageError.self) { try ImageDecoder.decode(damaged) }
            #expect(error.map { !"\($0)".contains("\n") } == true, "\(String(describing: error))")
        }
        #expect(throws: ImageError.tooLarge(width: 160, height: 107)) { try ImageDecoder.decode(bytes, maxPixels: 10_000) }
    }
}
