import Foundation
import Imaging
import OperatingSystem
@testable import InlineViewer
import TerminalVocabulary
import Testing

/// A video's frames as `gallery view` plays them: on the clock, late ones dropped.
@Suite struct VideoFramesTests {
    /// ImagingTests' 5 s clip at 10 fps (Fixtures/make-video-fixtures.sh).
    static let clip = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../ImagingTests/Fixtures/clip.mp4").standardized.path

    let renderer = InlineImageRenderer(mode: .halfblock, box: CellSize(columns: 8, rows: 3),
                                       cellPixels: .fallbackCell, depth: .trueColor)

    @Test func framesRunLateAreDroppedUnrendered() throws {
        var frames = try #require(try VideoFrames(VideoFile(path: FilePath(Self.clip)), renderer: renderer, imageID: 1))
        #expect(frames.rows == 3)
        _ = try frames.next()
        // 0.45 s on: the frames of 0.1, 0.2 and 0.3 s are over, 0.4 s's is still on.
        Thread.sleep(forTimeInterval: 0.45)
        let frame = try #require(try frames.next())
        #expect((2...4).contains(frames.dropped), "\(frames.dropped) dropped")
        #expect(frame.milliseconds <= 100)
    }

    @Test func onTimeEveryFrameIsShownAndTheClipPlaysAgain() throws {
        var frames = try #require(try VideoFrames(VideoFile(path: FilePath(Self.clip)), renderer: renderer, imageID: 1))
        var shown: [[UInt8]] = []
        for _ in 0..<52 { shown.append(try #require(try frames.next()).bytes) }
        #expect(frames.dropped == 0)
        // Each frame another grey; the 51st is the first again.
        #expect(Set(shown.prefix(12)).count == 12)
        #expect(shown[50] == shown[0] && shown[51] == shown[1])
    }
}
