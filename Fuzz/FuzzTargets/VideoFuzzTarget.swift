import Imaging
import TerminalVocabulary

/// The input is a video container (MP4, MOV, 3GP, Matroska/WebM, AVI) through FFmpeg as
/// `gallery view` and the app call it (`VideoFile`): the probe, the poster at two sizes and the
/// first frames in order. Errors are fine; a crash, a hang past the budget, a picture outside
/// its box or file text with control characters in it is a finding.
enum VideoFuzzTarget {
    /// Small, so one input stays fast: a few frames of a small picture, a short budget.
    static let limits = VideoFile.Limits(budget: .milliseconds(300), probeBytes: 1 << 16, analyzeDuration: .seconds(1),
                                         maxPixels: 1 << 20)

    static func run(_ input: UnsafeRawBufferPointer) throws {
        let start = ContinuousClock.now
        guard let video = try? VideoFile(bytes: input, limits: limits) else { return }
        let probe = video.probe
        try check(probe.size.width * probe.size.height <= limits.maxPixels,
                  "a picture of \(probe.size.width)x\(probe.size.height) was opened with a cap of \(limits.maxPixels) pixels")
        try check(!probe.codec.unicodeScalars.contains { $0.properties.generalCategory == .control },
                  "control characters in the codec's name \(probe.codec.debugDescription)")
        try check(probe.framesPerSecond.map { $0 > 0 && $0.isFinite } ?? true, "frame rate \(String(describing: probe.framesPerSecond))")
        for box in [PixelSize(width: 1, height: 1), PixelSize(width: 48, height: 32)] {
            guard let poster = try? video.poster(fittingIn: box) else { continue }
            try check(poster.image.width >= 1 && poster.image.width <= box.width && poster.image.height >= 1
                      && poster.image.height <= box.height && poster.image.pixels.count == poster.image.width * poster.image.height * 3,
                      "a poster of \(poster.image.width)x\(poster.image.height) for a box of \(box.width)x\(box.height)")
        }
        guard (try? video.rewind()) != nil else { return }
        for _ in 0..<8 {
            guard let time = try? video.decodeNextFrame() else { break }
            try check(time.isFinite, "frame time \(time)")
            let frame = try? video.currentFrame(fittingIn: PixelSize(width: 48, height: 32))
            try check(frame.map { $0.width <= 48 && $0.height <= 32 } ?? true, "a frame outside its box")
        }
        // Each call has the budget; a handful of calls, a few budgets at most.
        try check(ContinuousClock.now - start < limits.budget * 16, "took \(ContinuousClock.now - start)")
    }
}
