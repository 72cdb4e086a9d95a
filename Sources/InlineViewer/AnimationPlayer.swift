import Imaging
import OperatingSystem

/// `gallery view` of an animated GIF or WebP on a terminal: every frame rendered first, then drawn in
/// place over the one before (no clearing, so no flicker), each for its own delay, round and
/// round until q, Esc or Ctrl-C. Between frames the process only waits for a key.
struct AnimationPlayer {
    /// The most frames, and bytes of them, kept: a longer animation plays the part that fits.
    static let maxFrames = 500, maxBytes = 64 << 20

    /// One frame's bytes and how long it stays.
    struct Frame {
        let bytes: [UInt8]
        let milliseconds: Int
    }

    let frames: [Frame]
    /// The rows of cells the picture covers (its first frame's, as every frame has its size).
    let rows: Int

    /// The frames of `encoded` rendered by `renderer`, when it is an animation of more than one frame.
    init?(_ encoded: UnsafeBufferPointer<UInt8>, renderer: InlineImageRenderer, imageID: UInt32) throws {
        guard [.gif, .webp].contains(ImageFormat(sniffing: encoded)) else { return nil }
        var frames: [Frame] = [], rows = 0, bytes = 0
        // The first frame is rendered only once a second one shows that the picture moves: a
        // still one is left to the ordinary path.
        var first: (screen: RGBImage, milliseconds: Int)?
        func render(_ screen: RGBImage, _ milliseconds: Int) throws {
            // Through PNG: the renderer takes encoded pictures (lossless, so the same pixels).
            let drawn = try renderer.draw(PNGCodec.encode(screen), imageID: imageID)
            if frames.isEmpty { rows = drawn.rows }
            frames.append(Frame(bytes: drawn.bytes, milliseconds: milliseconds))
            bytes += drawn.bytes.count
        }
        try ImageDecoder.forEachFrame(encoded, maxFrames: Self.maxFrames, background: renderer.pictures.background) { screen, milliseconds in
            guard let pending = first else {
                first = (screen, milliseconds)
                return true
            }
            if frames.isEmpty { try render(pending.screen, pending.milliseconds) }
            try render(screen, milliseconds)
            return bytes < Self.maxBytes
        }
        guard frames.count > 1, rows > 0 else { return nil }
        self.frames = frames
        self.rows = rows
    }

    /// The keys that stop the animation: q, Q, Esc, Ctrl-C (which arrives as a byte meanwhile).
    static func stops(_ keys: [UInt8]) -> Bool {
        keys.contains { [UInt8(ascii: "q"), UInt8(ascii: "Q"), 0x1B, 0x03].contains($0) }
    }

    /// Plays until a stopping key (or the end of input), then leaves the cursor below the picture.
    func play(keys input: FileDescriptor = .standardInput, output: FileOutput = .standardOutput) {
        // Room below the cursor first, so the terminal scrolls now rather than under a frame;
        // then the picture's top left corner is saved (DECSC) and the cursor hidden.
        output.write(String(repeating: "\n", count: rows) + "\u{1B}[\(rows)A\r\u{1B}7\u{1B}[?25l")
        _ = TerminalMode.withUnbufferedInput(input, signalsAsInput: true) {
            var index = 0
            while true {
                _ = output.write(bytes: Array("\u{1B}8".utf8) + frames[index].bytes)
                if waitForStop(input, milliseconds: frames[index].milliseconds) { return }
                index = (index + 1) % frames.count
            }
        }
        output.write("\u{1B}8\u{1B}[\(rows)B\r\u{1B}[?25h")
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
