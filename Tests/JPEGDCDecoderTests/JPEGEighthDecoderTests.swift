import TerminalVocabulary
import Foundation
import Testing
import TestSupport
@testable import Imaging
@testable import JPEGDCDecoder

/// The eighth-scale DC decoder must give libjpeg-turbo's own 1/8 pixels (subsampled chroma aside,
/// see `subsampledChromaIsReplicatedCloseToLibjpegTurbo`), or step aside with nil.
@Suite struct JPEGEighthDecoderTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    /// Made with libjpeg-turbo 2.1.5's cjpeg from coffee-1080.jpg at 1/4 scale (270x180):
    /// `cjpeg -sample 1x1 -restart 5B`, `-grayscale -restart 7B`, `-sample 2x2 -restart 3B`,
    /// `-sample 2x1`, `-sample 1x1 -progressive`, all `-quality 85`.
    static func fixture(_ name: String) throws -> [UInt8] {
        try [UInt8](Data(contentsOf: folder.appendingPathComponent("Fixtures/\(name)")))
    }

    /// The 4000 px photos: 4:4:4, no restart markers, 0.7 to 2.3 MB of entropy-coded data.
    static let largePhotos = ["astronaut", "brick", "chelsea", "coffee", "color", "hubble_deep_field",
                              "motorcycle_left", "rocket"].map { "\($0)-4000.jpg" }

    @Test(.enabled(if: SharedPhotos.has(endingWith: "-4000.jpg"), SharedPhotos.absent),
          arguments: largePhotos)
    func matchesLibjpegTurboOnLargePhotosOnOneOrTwoThreads(_ name: String) throws {
        let data = try SharedPhotos.bytes(name)
        let reference = try JPEGCodec.libjpegTurboDecode(data, numerator: 1)
        var outcome: JPEGDCScan.Outcome?
        let parallel = try #require(JPEGEighthDecoder.decode(data, parallel: true) { outcome = $0 })
        let sequential = try #require(JPEGEighthDecoder.decode(data, parallel: false))
        #expect(parallel == reference)
        #expect(sequential == reference)
        // The second thread's guess from the middle locked on to real block starts (within its
        // first few blocks on these photos), so the picture's second half really came from it.
        guard case .matched(let block, let record)? = outcome else {
            Issue.record("no match: \(String(describing: outcome))")
            return
        }
        #expect(record < 64)
        #expect(block > 0 && block < reference.width * reference.height * 3)
        // The split balanced the threads' work, which is mostly per block: the first thread, which
        // also writes the second part's samples, read a little under half the blocks (42% to 48%
        // when this was written). A fixed split at 42% of the bytes gave from 38% of them, on
        // motorcycle_left, to 55%, on rocket.
        let blocks = data.withUnsafeBufferPointer { JPEGBaselineHeader($0).map { JPEGDCScan.Layout($0).blockCount } }
        let share = Double(block) / Double(try #require(blocks))
        #expect(share > 0.40 && share < 0.50, "first thread read \(share) of the blocks")
    }

    /// Restart intervals (5 and 7 MCUs, so they end mid-row), grey, 4:2:0 (chroma from a 2x2 IDCT
    /// of its blocks, as libjpeg-turbo makes it) and 4:2:2 (chroma replicated); then the subsampled
    /// 1080 px photos.
    @Test(arguments: ["restart-444.jpg", "restart-gray.jpg", "restart-420.jpg", "subsampled-422.jpg"])
    func matchesLibjpegTurboOnOtherLayouts(_ name: String) throws {
        try Self.expectLibjpegTurbosPixels(Self.fixture(name))
    }

    @Test(.enabled(if: SharedPhotos.has("astronaut-1080.jpg", "coffee-1080.jpg", "motorcycle_left-1080.jpg"),
                   SharedPhotos.absent),
          arguments: ["astronaut-1080.jpg", "coffee-1080.jpg", "motorcycle_left-1080.jpg"])
    func matchesLibjpegTurboOnSubsampledPhotos(_ name: String) throws {
        try Self.expectLibjpegTurbosPixels(SharedPhotos.bytes(name))
    }

    private static func expectLibjpegTurbosPixels(_ data: [UInt8]) throws {
        let fast = try #require(JPEGEighthDecoder.decode(data))
        #expect(fast == (try JPEGCodec.libjpegTurboDecode(data, numerator: 1)))
    }

    /// A 4:2:0 picture large enough for two threads: the guessing thread's blocks include chroma
    /// blocks whose 2x2 terms it must keep for later.
    @Test(.enabled(if: SharedPhotos.has("coffee-4000.jpg"), SharedPhotos.absent))
    func subsampledChromaSurvivesTheSecondThread() throws {
        let image = try JPEGCodec.libjpegTurboDecode(SharedPhotos.bytes("coffee-4000.jpg"), numerator: 8)
        let data = try JPEGCodec.encode(image, quality: 92)  // 4:2:0
        var outcome: JPEGDCScan.Outcome?
        let fast = try #require(JPEGEighthDecoder.decode(data) { outcome = $0 })
        #expect(fast == (try JPEGCodec.libjpegTurboDecode(data, numerator: 1)))
        guard case .matched? = outcome else {
            Issue.record("no match: \(String(describing: outcome))")
            return
        }
    }

    @Test(.enabled(if: SharedPhotos.has("brick-4000.jpg"), SharedPhotos.absent))
    func whatItDoesNotHandleIsLeftToLibjpegTurbo() throws {
        #expect(JPEGEighthDecoder.decode(try Self.fixture("progressive.jpg")) == nil)
        let data = try SharedPhotos.bytes("brick-4000.jpg")
        // Truncated: no marker ends the scan. Damaged: a byte that is no code where a code must be.
        #expect(JPEGEighthDecoder.decode(Array(data.prefix(data.count / 2))) == nil)
        #expect(JPEGEighthDecoder.decode([0xFF, 0xD8, 0xFF, 0xD9]) == nil)
        #expect(JPEGEighthDecoder.decode([]) == nil)
    }

    /// The DC decoder leaves a truncated photo to libjpeg-turbo, whose picture (grey where the
    /// data ran out) comes back marked truncated.
    @Test(.enabled(if: SharedPhotos.has("rocket-4000.jpg"), SharedPhotos.absent))
    func aTruncatedLargePhotoIsLibjpegTurbosMarkedTruncated() throws {
        let data = try SharedPhotos.bytes("rocket-4000.jpg")
        let cut = Array(data.prefix(data.count * 3 / 4))
        let decoded = try JPEGCodec.decode(cut, covering: PixelSize(width: 240, height: 160))
        #expect(decoded.isTruncated)
        #expect(decoded.pixels == (try JPEGCodec.libjpegTurboDecode(cut, numerator: 1)).pixels)
        #expect(try !JPEGCodec.decode(data, covering: PixelSize(width: 240, height: 160)).isTruncated)
    }

    @Test(.enabled(if: SharedPhotos.has("color-4000.jpg"), SharedPhotos.absent))
    func damagedDataNeverGivesOtherPixelsThanLibjpegTurboWithoutComplaint() throws {
        // Bytes flipped inside the scan: the decoder may fail (nil) but must not crash or read
        // outside the buffer, whatever the garbage says.
        var data = try SharedPhotos.bytes("color-4000.jpg")
        let scan = try #require(data.withUnsafeBufferPointer { JPEGBaselineHeader($0)?.scanStart })
        var state: UInt64 = 7
        for _ in 0..<50 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let at = scan + Int(state >> 33) % (data.count - scan - 2)
            data[at] = UInt8(truncatingIfNeeded: state >> 20)
        }
        _ = JPEGEighthDecoder.decode(data)
        _ = JPEGEighthDecoder.decode(data, parallel: false)
    }
}
