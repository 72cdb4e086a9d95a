import Foundation
import Testing
import TestSupport
@testable import Imaging
@testable import JPEGDCDecoder

/// Damage the eighth-scale decoder must not read its own way: whatever it does not expect, it
/// leaves to libjpeg-turbo (nil), so what is shown is always what libjpeg-turbo shows.
@Suite struct JPEGEighthDecoderDamageTests {
    typealias Photos = JPEGEighthDecoderTests

    /// Where the scan's entropy-coded bytes start and where its EOI marker is.
    static func scan(_ data: [UInt8]) throws -> (start: Int, end: Int) {
        let start = try #require(data.withUnsafeBufferPointer { JPEGBaselineHeader($0)?.scanStart })
        let end = try #require((start..<(data.count - 1)).last { data[$0] == 0xFF && data[$0 + 1] == 0xD9 })
        return (start, end)
    }

    /// The first byte at or after `offset` that starts a data byte (not the 0x00 of a stuffed
    /// 0xFF), where a marker can be inserted.
    static func byteBoundary(in data: [UInt8], atOrAfter offset: Int) -> Int {
        var at = offset
        while data[at - 1] == 0xFF || data[at] == 0xFF { at += 1 }
        return at
    }

    /// Each way: the decoder on one thread, and on two even for a small picture.
    static func decodes(_ data: [UInt8]) -> [RGBImage?] {
        [JPEGEighthDecoder.decode(data, parallel: false), JPEGEighthDecoder.decode(data, parallel: true, parallelFrom: 1)]
    }

    /// One restart marker half-way into the scan of a file without restart intervals: libjpeg-turbo
    /// stops reading there ("premature end of data segment"); this decoder used to read on and show
    /// the bottom half black.
    @Test(.enabled(if: SharedPhotos.has("coffee-1080.jpg", "rocket-4000.jpg"), SharedPhotos.absent),
          arguments: ["rocket-4000.jpg", "coffee-1080.jpg"])
    func aRestartMarkerWhereTheIntervalSaysNoneIsLeftToLibjpegTurbo(_ name: String) throws {
        var data = try SharedPhotos.bytes(name)
        let scan = try Self.scan(data)
        data.insert(contentsOf: [0xFF, 0xD0], at: Self.byteBoundary(in: data, atOrAfter: (scan.start + scan.end) / 2))
        #expect(Self.decodes(data).allSatisfy { $0 == nil })
    }

    /// restart-444.jpg has an interval of 5 MCUs and markers D0, D1, …: one renumbered, one
    /// removed, the interval declared longer.
    @Test func restartMarkersOtherThanTheIntervalCallsForAreLeftToLibjpegTurbo() throws {
        let data = try Photos.fixture("restart-444.jpg")
        #expect(JPEGEighthDecoder.decode(data) != nil)
        let scan = try Self.scan(data)
        let markers = (scan.start..<scan.end).filter { data[$0] == 0xFF && (0xD0...0xD7).contains(data[$0 + 1]) }
        try #require(markers.count > 3)

        var renumbered = data
        renumbered[markers[2] + 1] = 0xD5
        #expect(Self.decodes(renumbered).allSatisfy { $0 == nil })

        var removed = data
        removed.removeSubrange(markers[2]..<(markers[2] + 2))
        #expect(Self.decodes(removed).allSatisfy { $0 == nil })

        var longer = data
        let dri = try #require((2..<scan.start).first { data[$0] == 0xFF && data[$0 + 1] == 0xDD })
        longer[dri + 5] += 1
        #expect(Self.decodes(longer).allSatisfy { $0 == nil })
    }

    /// Bytes between the last block and EOI: libjpeg-turbo skips them with a warning, but they
    /// are not a picture this decoder vouches for. Also on two threads, where the second thread's
    /// guess reads to the data's end.
    @Test(.enabled(if: SharedPhotos.has("brick-4000.jpg", "chelsea-1080.jpg"), SharedPhotos.absent),
          arguments: ["brick-4000.jpg", "chelsea-1080.jpg"])
    func dataLeftOverAfterTheLastBlockIsLeftToLibjpegTurbo(_ name: String) throws {
        var data = try SharedPhotos.bytes(name)
        let scan = try Self.scan(data)
        data.insert(contentsOf: [0x12, 0x34, 0x56, 0x78], at: scan.end)
        #expect(Self.decodes(data).allSatisfy { $0 == nil })
    }

    /// Every quantiser 255: the samples leave the range libjpeg-turbo clamps and its range limit
    /// wraps them, so the decoder steps aside (it used to clamp, differing from libjpeg-turbo).
    @Test(.enabled(if: SharedPhotos.has("color-4000.jpg"), SharedPhotos.absent))
    func samplesLibjpegTurboWouldWrapAreLeftToIt() throws {
        var data = try SharedPhotos.bytes("color-4000.jpg")
        let scan = try Self.scan(data)
        var at = 2
        while at < scan.start {
            let length = Int(data[at + 2]) << 8 | Int(data[at + 3])
            if data[at + 1] == 0xDB {
                for k in (at + 5)..<(at + 2 + length) { data[k] = 255 }  // one 8-bit table a segment
            }
            at += 2 + length
        }
        for decoded in Self.decodes(data) {
            if let decoded { #expect(decoded == (try JPEGCodec.libjpegTurboDecode(data, numerator: 1))) }
        }
        #expect(JPEGEighthDecoder.decode(data, parallel: false) == nil)
    }

    /// The second thread reads the caller's bytes, so it must have ended whenever `decode`
    /// returns: here the first thread fails at once on damage near the scan's start, while the
    /// second is still finding where to start. It used to be left running (it was only told to
    /// stop), reading a file `gallery view` then unmapped: a SIGSEGV in 8 of 40 runs.
    @Test(.enabled(if: SharedPhotos.has("hubble_deep_field-4000.jpg"), SharedPhotos.absent))
    func theSecondThreadHasEndedWhenDecodeReturns() throws {
        var data = try SharedPhotos.bytes("hubble_deep_field-4000.jpg")
        let scan = try Self.scan(data)
        // Sixteen 1-bits (stuffed 0xFF bytes) are no Huffman code.
        for k in 0..<8 { (data[scan.start + 16 + 2 * k], data[scan.start + 17 + 2 * k]) = (0xFF, 0x00) }
        for _ in 0..<20 {
            #expect(JPEGEighthDecoder.decode(data) == nil)
            #expect(Self.runningGuesses() == 0)
        }
        // The count sees a thread so named while it runs.
        let named = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            JPEGDCScan.Speculation.nameThisThread(JPEGDCScan.Speculation.threadName)
            named.signal()
            done.wait()
            JPEGDCScan.Speculation.nameThisThread(JPEGDCScan.Speculation.endedThreadName)
        }
        named.wait()
        #expect(Self.runningGuesses() == 1)
        done.signal()
    }

    /// The decoder's guessing threads that still read: counted by name, since the test runner's
    /// own threads come and go meanwhile, and a thread renames itself once it has read its last
    /// (a joined thread stays in `/proc/self/task` for the moment the kernel takes to end it).
    /// Other tests decoding at the same time would be counted too: `make test` runs them one at a time.
    static func runningGuesses() -> Int {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        return tasks.count { task in
            (try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8))?
                .trimmingCharacters(in: .newlines) == JPEGDCScan.Speculation.threadName
        }
    }

    /// A seeded mutation run over a small 4:2:0 picture (every chroma block through the 2x2
    /// IDCT), on one thread and on two: whenever the decoder answers, libjpeg-turbo reads the same
    /// bytes without a fatal error and makes the same pixels.
    @Test(.enabled(if: SharedPhotos.has("coffee-1080.jpg"), SharedPhotos.absent))
    func whateverItAcceptsLibjpegTurboDecodesTheSame() throws {
        let photo = try JPEGCodec.libjpegTurboDecode(SharedPhotos.bytes("coffee-1080.jpg"), numerator: 2)
        let seed = try JPEGCodec.encode(photo, quality: 90)
        let scan = try Self.scan(seed)
        var random = SplitMix(state: 10)
        var accepted = 0
        for _ in 0..<400 {
            var data = seed
            for _ in 0...random.below(3) {
                let at = scan.start + random.below(data.count - scan.start - 2)
                switch random.below(4) {
                case 0: data[at] ^= UInt8(1) << UInt8(random.below(8))
                case 1: data[at] = UInt8(truncatingIfNeeded: random.below(256))
                case 2: data.insert(contentsOf: [0xFF, 0xD0 + UInt8(random.below(8))], at: at)
                default: data.remove(at: at)
                }
            }
            for decoded in Self.decodes(data) {
                guard let decoded else { continue }
                accepted += 1
                let reference = try? JPEGCodec.libjpegTurboDecode(data, numerator: 1)
                #expect(decoded == reference, "mutant accepted where libjpeg-turbo differs")
            }
        }
        // Flipped bits in AC value bits change nothing at 1/8 scale: some mutants are accepted.
        #expect(accepted > 0)
    }
}

/// A small seeded random sequence (SplitMix64), so a failing mutant can be remade.
struct SplitMix {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in 0..<bound.
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}
