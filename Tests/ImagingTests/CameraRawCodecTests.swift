import Foundation
import TerminalVocabulary
import Testing
@testable import Imaging
import TestSupport

/// DNG files made at test time (`Fixtures/make-dng.py`, Python's standard library and cjpeg): a
/// 160x120 sensor (RGGB) whose left half is red and right half blue, Orientation 6, with a 128x96
/// JPEG preview of the same picture, or without one. `dcraw -i -v` reads both as RAW files.
@Suite struct CameraRawCodecTests {
    static func dng(preview: Bool) throws -> [UInt8] {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let out = folder.url.appendingPathComponent("made.dng").path
        let script = FormatFixtures.folder.appendingPathComponent("make-dng.py").path
        let run = try runProgram(["python3", script, out] + (preview ? [] : ["nopreview"]))
        try #require(run.status == 0, "make-dng.py: \(run.stderr)")
        return try [UInt8](Data(contentsOf: URL(fileURLWithPath: out)))
    }

    /// The upright picture is red above and blue below (stored red on the left, turned clockwise).
    static func expectRedAboveBlue(_ image: RGBImage, _ comment: Comment) {
        let top = image[image.width / 2, image.height / 6]
        let bottom = image[image.width / 2, image.height * 5 / 6]
        #expect(top.r > 150 && top.b < 100, "\(comment): top \(top)")
        #expect(bottom.b > 150 && bottom.r < 100, "\(comment): bottom \(bottom)")
    }

    @Test func aDNGIsACameraRawByItsFirstDirectoryAndAPlainTIFFIsNot() throws {
        let dng = try Self.dng(preview: true)
        #expect(ImageFormat(sniffing: dng) == .tiff)
        #expect(dng.withUnsafeBufferPointer(ImageFormat.init(contentsOf:)) == .cameraRaw)
        let tiff = try FormatFixtures.bytes("coffee-32-orientation-6.tif")
        #expect(tiff.withUnsafeBufferPointer(ImageFormat.init(contentsOf:)) == .tiff)
        // Signatures of their own: CR2, CR3, ORF, RW2, RAF.
        let heads: [[UInt8]] = [[0x49, 0x49, 0x2A, 0, 0x10, 0, 0, 0, 0x43, 0x52, 2, 0], [0, 0, 0, 0x18] + Array("ftypcrx ".utf8),
                                Array("IIRO".utf8) + [8, 0, 0, 0], [0x49, 0x49, 0x55, 0, 8, 0, 0, 0], Array("FUJIFILMCCD-RAW ".utf8)]
        for head in heads { #expect(ImageFormat(sniffing: head) == .cameraRaw, "\(head)") }
        #expect(ImageFormat.knownFileExtensions.isSuperset(of: ["dng", "cr2", "cr3", "nef", "arw", "raf", "orf", "rw2", "pef", "srw"]))
    }

    @Test func decodesTheEmbeddedPreviewUprightAtTheSizeAsked() throws {
        #expect(CameraRawCodec.isAvailable)
        let dng = try Self.dng(preview: true)
        let image = try ImageDecoder.decode(dng, fittingIn: PixelSize(width: 48, height: 64))
        // The 128x96 preview, turned: 96x128, decoded at half size (it covers twice the box).
        #expect(image.width == 96 && image.height == 128)
        Self.expectRedAboveBlue(image, "preview")
        // Scaled in the JPEG decode: 1/4, the smallest scale covering twice the box.
        let small = try ImageDecoder.decode(dng, fittingIn: PixelSize(width: 12, height: 16))
        #expect(small.width == 24 && small.height == 32, "\(small)")
        #expect(try ImageDecoder.dimensions(of: dng) == PixelSize(width: 120, height: 160))
    }

    @Test func developsTheSensorDataWhenThereIsNoPreview() throws {
        let dng = try Self.dng(preview: false)
        let image = try ImageDecoder.decode(dng, fittingIn: PixelSize(width: 48, height: 64))
        // Half size: each 2x2 block of the 160x120 sensor one pixel, turned.
        #expect(image.width == 60 && image.height == 80)
        Self.expectRedAboveBlue(image, "developed")
    }

    @Test func readsTheCameraAndExposureAsExifIsRead() throws {
        let metadata = PhotoMetadata(readingFile: try Self.dng(preview: true))
        #expect(metadata.camera.make == "Canon")
        #expect(metadata.camera.model == "EOS 5D")
        #expect(metadata.camera.lens == "Test Lens 50mm")
        #expect(metadata.camera.iso == 200)
        #expect(metadata.camera.fNumber.map { abs($0 - 2.8) < 0.01 } == true)
        #expect(metadata.camera.exposureSeconds.map { abs($0 - 1.0 / 250) < 1e-6 } == true)
        #expect(metadata.camera.focalLength == 50)
        #expect(metadata.dateTaken == PhotoDate(year: 2024, month: 5, day: 6, hour: 7, minute: 8, second: 9))
        let position = try #require(metadata.camera.position)
        #expect(abs(position.latitude - 48.858203) < 1e-5 && abs(position.longitude - 2.294814) < 1e-5, "\(position)")
        #expect(metadata.orientation == .up, "the decode turns the picture itself")
    }

    @Test func refusesDamageWithOneLine() throws {
        let dng = try Self.dng(preview: true)
        let box = PixelSize(width: 48, height: 64)
        for damaged in [Array(dng.prefix(200)), Array(dng.prefix(12)), Array(dng.prefix(8)) + Array(repeating: 0xFF, count: 400)] {
            let error = #expect(throws: ImageError.self) { try ImageDecoder.decode(damaged, fittingIn: box) }
            #expect(error.map { !"\($0)".contains("\n") } == true, "\(String(describing: error))")
        }
        // Cut inside the preview, or inside the sensor's data after it: a picture as far as the
        // data goes, or one line, never a crash.
        let preview = try #require((0..<(dng.count - 2)).first { dng[$0] == 0xFF && dng[$0 + 1] == 0xD8 && dng[$0 + 2] == 0xFF })
        for cut in [preview + 300, dng.count * 2 / 3] {
            do {
                let image = try ImageDecoder.decode(Array(dng.prefix(cut)), fittingIn: box)
                #expect(image.width > 0 && image.height > 0)
            } catch {
                #expect(!"\(error)".contains("\n"), "\(error)")
            }
        }
    }
}
