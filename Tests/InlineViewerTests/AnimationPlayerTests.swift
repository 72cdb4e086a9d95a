import Foundation
import Imaging
@testable import InlineViewer
import TerminalVocabulary
import Testing

@Suite struct AnimationPlayerTests {
    /// ImagingTests' 8x6 animation of four frames (Fixtures/make-fixtures.sh).
    static let animation = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../ImagingTests/Fixtures/disposal.gif").standardized

    let renderer = InlineImageRenderer(mode: .halfblock, box: CellSize(columns: 8, rows: 3),
                                       cellPixels: .fallbackCell, depth: .trueColor)

    @Test func rendersEveryFrameWithItsDelay() throws {
        let bytes = [UInt8](try Data(contentsOf: Self.animation))
        let player = try #require(try bytes.withUnsafeBufferPointer { try AnimationPlayer($0, renderer: renderer, imageID: 1) })
        #expect(player.frames.map(\.milliseconds) == [50, 70, 100, 50])
        #expect(player.rows == 3)
        // The frames differ where the picture changes, and each is the rows of its text.
        #expect(Set(player.frames.map(\.bytes)).count == 4)
        #expect(player.frames.allSatisfy { $0.bytes.filter { $0 == UInt8(ascii: "\n") }.count == 3 })
    }

    @Test func playsAnimatedWebPToo() throws {
        let webp = Self.animation.deletingLastPathComponent().appendingPathComponent("coffee-32-animated.webp")
        let bytes = [UInt8](try Data(contentsOf: webp))
        let player = try #require(try bytes.withUnsafeBufferPointer { try AnimationPlayer($0, renderer: renderer, imageID: 1) })
        #expect(player.frames.map(\.milliseconds) == [100, 100])
        #expect(player.frames[0].bytes != player.frames[1].bytes)
    }

    @Test func aStillPictureIsNotAnAnimation() throws {
        let still = Self.animation.deletingLastPathComponent().appendingPathComponent("coffee.gif")
        let bytes = [UInt8](try Data(contentsOf: still))
        #expect(try bytes.withUnsafeBufferPointer { try AnimationPlayer($0, renderer: renderer, imageID: 1) } == nil)
    }

    @Test func qEscAndCtrlCStopIt() {
        for keys in ["q", "Q", "\u{1B}", "\u{03}", "xq"] { #expect(AnimationPlayer<LoopedFrames>.stops(Array(keys.utf8)), "\(keys)") }
        for keys in ["", " ", "x", "\r"] { #expect(!AnimationPlayer<LoopedFrames>.stops(Array(keys.utf8)), "\(keys)") }
    }
}
