import Foundation
import Imaging
import OperatingSystem
import TerminalVocabulary
import Testing

/// Videos through FFmpeg (loaded by `CFFmpeg`): the fixtures of `Fixtures/make-video-fixtures.sh`.
@Suite struct VideoFileTests {
    private func open(_ name: String) throws -> VideoFile {
        try VideoFile(path: FilePath(FormatFixtures.folder.appendingPathComponent(name).path))
    }

    /// The mean of a picture's red, green and blue.
    private func mean(_ image: RGBImage, rows: Range<Int>? = nil) -> (Double, Double, Double) {
        var sums = (0.0, 0.0, 0.0), count = 0.0
        for y in rows ?? 0..<image.height {
            for x in 0..<image.width {
                let pixel = image[x, y]
                sums.0 += Double(pixel.r); sums.1 += Double(pixel.g); sums.2 += Double(pixel.b)
                count += 1
            }
        }
        return (sums.0 / count, sums.1 / count, sums.2 / count)
    }

    @Test func probeReadsWhatTheContainerSays() throws {
        let probe = try open("clip.mp4").probe
        #expect(probe.duration == .seconds(5))
        #expect(probe.size == PixelSize(width: 64, height: 36))
        #expect(probe.framesPerSecond == 10)
        #expect(probe.codec == "h264")
        #expect(probe.recorded == PhotoDate(year: 2024, month: 5, day: 1, hour: 12, minute: 34, second: 56))
        #expect(probe.position == GPSPosition(latitude: 48.8577, longitude: 2.295))
        #expect(probe.orientation == .up)
        #expect(!probe.hasCover)
    }

    @Test(arguments: [("clip.webm", "vp9"), ("clip.mkv", "h264"), ("clip.avi", "mpeg4"), ("clip.3gp", "h264"),
                      ("clip-moov-last.mp4", "h264")])
    func everyContainerOpens(name: String, codec: String) throws {
        let video = try open(name)
        #expect(video.probe.codec == codec)
        #expect(video.probe.size == PixelSize(width: 64, height: 36))
        let poster = try video.poster(fittingIn: PixelSize(width: 32, height: 32))
        #expect(poster.image.width == 32 && poster.image.height == 18)
    }

    /// 10% of a 5 s clip is 0.5 s, a keyframe: frame 5, luma 116, grey 116 in RGB, not
    /// the first frame's black.
    @Test func posterIsTheKeyframeALittleWayIn() throws {
        let poster = try open("clip.mp4").poster(fittingIn: PixelSize(width: 64, height: 64))
        #expect(poster.time == 0.5)
        #expect(poster.image.width == 64 && poster.image.height == 36)
        let grey = mean(poster.image)
        #expect(abs(grey.0 - 116) < 8 && abs(grey.1 - 116) < 8 && abs(grey.2 - 116) < 8, "\(grey)")
    }

    @Test func rotatedClipIsTurnedUpright() throws {
        let video = try open("rotated.mov")
        #expect(video.probe.orientation == .rotatedRight)
        #expect(video.probe.size == PixelSize(width: 36, height: 64))
        let poster = try video.poster(fittingIn: PixelSize(width: 100, height: 100)).image
        #expect(poster.width == 36 && poster.height == 64)
        let top = mean(poster, rows: 0..<28), bottom = mean(poster, rows: 36..<64)
        #expect(top.0 > 200 && top.2 < 60, "red above: \(top)")
        #expect(bottom.2 > 200 && bottom.0 < 60, "blue below: \(bottom)")
    }

    @Test func coverIsThePoster() throws {
        let video = try open("cover.mp4")
        #expect(video.probe.hasCover)
        // The video's own size and rate still: the cover is only its poster.
        #expect(video.probe.size == PixelSize(width: 64, height: 36))
        let poster = try video.poster(fittingIn: PixelSize(width: 24, height: 24))
        #expect(poster.image.width == 24 && poster.image.height == 24)
        let colour = mean(poster.image)
        #expect(colour.1 > 180 && colour.0 < 30 && colour.2 < 30, "green: \(colour)")
    }

    @Test func framesComeInOrderThenEnd() throws {
        let video = try open("clip.mp4")
        var times: [Int] = []
        while let time = try video.decodeNextFrame() {
            times.append(Int((time * 1000).rounded()))
            if times.count == 7 {
                let frame = try video.currentFrame(fittingIn: PixelSize(width: 16, height: 16))
                #expect(frame.width == 16 && frame.height == 9)
                #expect(abs(Int(frame[8, 4].g) - 140) < 8, "frame 6's grey: \(frame[8, 4])")
            }
        }
        #expect(times == (0..<50).map { $0 * 100 })
        try video.rewind()
        #expect(try video.decodeNextFrame() == 0)
    }

    @Test func openedFromBytesAsFromAPath() throws {
        let video = try VideoFile(bytes: FormatFixtures.bytes("clip.mp4"))
        #expect(video.probe.duration == .seconds(5))
        #expect(try video.poster(fittingIn: PixelSize(width: 64, height: 36)).time == 0.5)
    }

    /// Cut short (the moov atom, at the end, lost), cut in its frames, or damaged: one error
    /// within the time budget, never a crash or a hang.
    @Test(arguments: ["clip-moov-last.mp4", "clip.mp4", "clip.webm", "clip.mkv", "clip.avi"])
    func damagedFilesAreRefusedInTime(name: String) throws {
        let whole = try FormatFixtures.bytes(name)
        let limits = VideoFile.Limits(budget: .milliseconds(500))
        var damaged: [[UInt8]] = [Array(whole.prefix(whole.count / 2)), Array(whole.prefix(64))]
        var noise = whole
        for index in stride(from: 48, to: noise.count, by: 7) { noise[index] ^= 0x5A }
        damaged.append(noise)
        for bytes in damaged {
            let start = ContinuousClock.now
            do {
                let video = try VideoFile(bytes: bytes, limits: limits)
                _ = try? video.poster(fittingIn: PixelSize(width: 32, height: 32))
                while (try video.decodeNextFrame()) != nil {}
            } catch let error as ImageError {
                #expect(error.description.hasPrefix("corrupt image: video: "), "\(error)")
            }
            #expect(ContinuousClock.now - start < .seconds(2))
        }
        #expect(throws: ImageError.self) { try VideoFile(bytes: Array(whole.prefix(whole.count / 2)), limits: limits).poster(fittingIn: PixelSize(width: 8, height: 8)) }
    }

    @Test func notAVideoIsRefused() throws {
        #expect(throws: ImageError.self) { try VideoFile(bytes: FormatFixtures.bytes("coffee.png")) }
        #expect(throws: ImageError.self) { try VideoFile(path: "/dev/null") }
        #expect(throws: ImageError.empty) { try VideoFile(bytes: [UInt8]()) }
    }

    @Test func containersAreToldFromTheirFirstBytes() throws {
        #expect(VideoFormat(sniffing: try FormatFixtures.bytes("clip.mp4")) == .mpeg4)
        #expect(VideoFormat(sniffing: try FormatFixtures.bytes("rotated.mov")) == .quickTime)
        #expect(VideoFormat(sniffing: try FormatFixtures.bytes("clip.3gp")) == .threeGPP)
        #expect(VideoFormat(sniffing: try FormatFixtures.bytes("clip.webm")) == .matroska)
        #expect(VideoFormat(sniffing: try FormatFixtures.bytes("clip.mkv")) == .matroska)
        #expect(VideoFormat(sniffing: try FormatFixtures.bytes("clip.avi")) == .avi)
        // Pictures in the same boxes are pictures: HEIF's brands, WebP's RIFF.
        #expect(VideoFormat(sniffing: try FormatFixtures.bytes("coffee-thumbnail.heic")) == nil)
        #expect(VideoFormat(sniffing: try FormatFixtures.bytes("coffee.webp")) == nil)
        #expect(VideoFormat(sniffing: Array("\0\0\0\u{18}ftypcrx ".utf8)) == nil)
        #expect(VideoFormat.knownFileExtensions.isSuperset(of: ["mp4", "mov", "m4v", "mkv", "webm", "avi", "3gp"]))
        #expect(VideoFormat.knownFileExtensions.isDisjoint(with: ImageFormat.knownFileExtensions))
    }

    @Test func iso6709Positions() {
        #expect(GPSPosition(iso6709: Array("+48.8577+002.2950+035.000/".utf8)) == GPSPosition(latitude: 48.8577, longitude: 2.295))
        #expect(GPSPosition(iso6709: Array("-33.8688+151.2093/".utf8)) == GPSPosition(latitude: -33.8688, longitude: 151.2093))
        let minutes = GPSPosition(iso6709: Array("+4851.462+00217.700/".utf8))
        #expect(minutes.map { abs($0.latitude - 48.8577) < 1e-4 && abs($0.longitude - 2.295) < 1e-4 } == true)
        for bad in ["", "48.85+2.29/", "+48.85", "+99.0+000.0/", "+48.8577+002.2950\u{1B}[2J", "+4899.0+00200.0/"] {
            #expect(GPSPosition(iso6709: Array(bad.utf8)) == nil, "\(bad)")
        }
    }
}

extension VideoFileTests {
    /// No call runs past the budget: none at all refuses at the first read, with the reason.
    @Test func aCallPastItsBudgetIsRefused() throws {
        let start = ContinuousClock.now
        #expect {
            try VideoFile(bytes: FormatFixtures.bytes("clip.mp4"), limits: VideoFile.Limits(budget: .zero))
        } throws: { error in
            // A budget passed, not a damaged file: a desktop thumbnail records no failure for it.
            guard case .overBudget(let reason)? = error as? ImageError else { return false }
            return reason.contains("took longer than its time budget")
        }
        #expect(ContinuousClock.now - start < .seconds(1))
    }
}

extension VideoFileTests {
    /// A picture over the cap is refused from the container's header, before a frame is decoded.
    @Test func aPictureOverTheCapIsRefusedBeforeDecoding() throws {
        #expect {
            try VideoFile(bytes: FormatFixtures.bytes("clip.mp4"), limits: VideoFile.Limits(maxPixels: 64 * 35))
        } throws: { error in
            "\(error)" == "corrupt image: video: a picture of 64x36 is too large"
        }
    }

    /// A FIFO named like a clip is refused at once, not waited on for a writer.
    @Test func aFIFOIsRefusedWithoutWaiting() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("fifo-\(UUID().uuidString).mp4").path
        try #require(mkfifo(path, 0o600) == 0)
        defer { unlink(path) }
        #expect(throws: ImageError.corrupt("video: a FIFO, not a file")) { try VideoFile(path: FilePath(path)) }
    }

    /// QuickTime files from before `ftyp` start with their first atom.
    @Test func oldQuickTimeFilesAreToldByTheirFirstAtom() {
        for atom in ["moov", "mdat", "wide", "pnot"] {
            #expect(VideoFormat(sniffing: [0, 0, 0, 8] + Array(atom.utf8) + [0, 0, 0, 0]) == .quickTime, "\(atom)")
        }
        #expect(VideoFormat(sniffing: Array("\0\0\0\u{14}ftypM4A ".utf8)) == nil)
        #expect(VideoFormat(sniffing: [0x1A, 0x45]) == nil)
    }
}
