import Imaging
import OperatingSystem

/// One frame of what an `AnimationPlayer` shows: its bytes and how long it stays.
struct AnimationFrame {
    let bytes: [UInt8]
    let milliseconds: Int
}

/// What an `AnimationPlayer` plays: frames one after the other, rendered ahead (an animated GIF or
/// WebP) or as they are due (a video's, `VideoFrames`).
protocol AnimationSource {
    /// The frame to show now; nil when nothing more plays.
    mutating func next() throws -> AnimationFrame?
}

/// `gallery view` of an animated GIF or WebP, or of a video, on a terminal: each frame drawn in
/// place over the one before (no clearing, so no flicker), for its own time, until q, Esc or
/// Ctrl-C. Between frames the process only waits for a key.
struct AnimationPlayer<Source: AnimationSource> {
    var source: Source
    /// The rows of cells the picture covers (its first frame's, as every frame has its size).
    let rows: Int

    /// The keys that stop the animation: q, Q, Esc, Ctrl-C (which arrives as a byte meanwhile).
    static func stops(_ keys: [UInt8]) -> Bool {
        keys.contains { [UInt8(ascii: "q"), UInt8(ascii: "Q"), 0x1B, 0x03].contains($0) }
    }

    /// Plays until a stopping key (or the end of input, or of the frames), then leaves the cursor
    /// below the picture. The terminal is put back before an error from the source is thrown.
    mutating func play(keys input: FileDescriptor = .standardInput, output: FileOutput = .standardOutput) throws {
        // Room below the cursor first, so the terminal scrolls now rather than under a frame;
        // then the picture's top left corner is saved (DECSC) and the cursor hidden.
        output.write(String(repeating: "\n", count: rows) + "\u{1B}[\(rows)A\r\u{1B}7\u{1B}[?25l")
        var failure: (any Error)?
        _ = TerminalMode.withUnbufferedInput(input, signalsAsInput: true) {
            do {
                while let frame = try source.next() {
                    _ = output.write(bytes: Array("\u{1B}8".utf8) + frame.bytes)
                    if waitForStop(input, milliseconds: frame.milliseconds) { return }
                }
            } catch {
                failure = error
            }
        }
        output.write("\u{1B}8\u{1B}[\(rows)B\r\u{1B}[?25h")
        if let failure { throw failure }
    }

    /// Waits `milliseconds` for a stopping key; true when one came or input ended.
    private func waitForStop(_ input: FileDescriptor, milliseconds: Int) -> Bool {
        let deadline = ContinuousClock.now + .milliseconds(milliseconds)
        while true {
            // Interrupted (a resize) or timed out alike: the deadline decides.
            guard let ready = try? input.waitForInput(until: deadline) else { return false }
            guard ready else { continue }
            guard let keys = try? input.read(upTo: 64), !keys.isEmpty else { return true }
            if Self.stops(keys) { return true }
        }
    }
}

/// An animated GIF's or WebP's frames, every one rendered first, shown round and round.
struct LoopedFrames: AnimationSource {
    /// The most frames, and bytes of them, kept: a longer animation plays the part that fits.
    static let maxFrames = 500, maxBytes = 64 << 20

    let frames: [AnimationFrame]
    private var index = 0

    init(_ frames: [AnimationFrame]) { self.frames = frames }

    mutating func next() -> AnimationFrame? {
        defer { index = (index + 1) % frames.count }
        return frames[index]
    }
}

extension AnimationPlayer where Source == LoopedFrames {
    /// The frames of `encoded` rendered by `renderer`, when it is an animation of more than one frame.
    init?(_ encoded: UnsafeBufferPointer<UInt8>, renderer: InlineImageRenderer, imageID: UInt32) throws {
        guard [.gif, .webp].contains(ImageFormat(sniffing: encoded)) else { return nil }
        var frames: [AnimationFrame] = [], rows = 0, bytes = 0
        // The first frame is rendered only once a second one shows that the picture moves: a
        // still one is left to the ordinary path.
        var first: (screen: RGBImage, milliseconds: Int)?
        func render(_ screen: RGBImage, _ milliseconds: Int) throws {
            let drawn = try renderer.draw(screen, imageID: imageID)
            if frames.isEmpty { rows = drawn.rows }
            frames.append(AnimationFrame(bytes: drawn.bytes, milliseconds: milliseconds))
            bytes += drawn.bytes.count
        }
        // Frames are read until the time budget is spent too: what was read by then plays (50
        // frames of 10000 x 10000 would take a minute before the first showed).
        let deadline = ContinuousClock.now + DecodeBudget.time
        try ImageDecoder.forEachFrame(encoded, maxFrames: LoopedFrames.maxFrames, background: renderer.pictures.background) { screen, milliseconds in
            guard let pending = first else {
                first = (screen, milliseconds)
                return ContinuousClock.now < deadline
            }
            if frames.isEmpty { try render(pending.screen, pending.milliseconds) }
            try render(screen, milliseconds)
            return bytes < LoopedFrames.maxBytes && ContinuousClock.now < deadline
        }
        guard frames.count > 1, rows > 0 else { return nil }
        self.init(source: LoopedFrames(frames), rows: rows)
    }

    var frames: [AnimationFrame] { source.frames }
}
