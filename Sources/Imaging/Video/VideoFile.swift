public import TerminalVocabulary
public import OperatingSystem
import CFFmpeg

/// One video opened with FFmpeg (loaded at the first, `CFFmpeg`): what its container says
/// (`probe`), its poster, and its frames in order for playback. Every call is bounded: the
/// container is probed from a few megabytes, no call runs past `Limits.budget`, and no picture
/// over `Limits.maxPixels` is decoded.
///
/// Owns the C reader (and, opened from bytes, its copy of them), freed when the file is: use it
/// from one task at a time.
public final class VideoFile {
    /// How far one video may take the process.
    public struct Limits: Sendable {
        /// The longest one call (open, poster, next frame) may take.
        public var budget: Duration
        /// How much of the file libavformat reads to find its streams.
        public var probeBytes: Int
        /// How much of the streams' time libavformat reads to find their parameters.
        public var analyzeDuration: Duration
        /// The largest picture decoded.
        public var maxPixels: Int

        public init(budget: Duration = .seconds(3), probeBytes: Int = 5 << 20, analyzeDuration: Duration = .seconds(5),
                    maxPixels: Int = JPEGCodec.defaultMaxPixels) {
            (self.budget, self.probeBytes, self.analyzeDuration, self.maxPixels) = (budget, probeBytes, analyzeDuration, maxPixels)
        }
    }

    /// Whether this process can decode videos: FFmpeg's libraries are installed and the process is
    /// not statically linked (`gallery view`'s launcher is; it hands videos to `gallery-app`).
    public static var isAvailable: Bool {
        var report = gallery_video_report()
        return gallery_video_available(&report) != 0
    }

    /// Where a poster is taken from when the file has no cover: at most this far in...
    public static let posterTime = 1.0
    /// ...and at most this part of the way, for a short clip.
    public static let posterFraction = 0.1

    public let probe: VideoProbe
    private let handle: OpaquePointer
    /// The bytes the reader reads, when opened from memory; freed after it.
    private let owned: UnsafeMutableBufferPointer<UInt8>?

    /// Opens the regular file at `path` (its bytes, whatever they are: a name need not be UTF-8),
    /// which is read as needed, never whole. A FIFO, a socket or a device is refused by its type,
    /// never opened (`FileDescriptor.open`).
    /// - Throws: `ImageError.unavailable` where FFmpeg cannot be used, `.corrupt` with FFmpeg's
    ///   reason for anything it cannot read as a video, or the system's reason for a file that
    ///   cannot be opened.
    public init(path: FilePath, limits: Limits = Limits()) throws {
        var report = gallery_video_report()
        guard gallery_video_available(&report) != 0 else { throw ImageError.unavailable(report.text) }
        let file: FileDescriptor, size: Int
        do {
            file = try FileDescriptor.open(path)
            size = try file.status().size
        } catch {
            throw ImageError.corrupt("video: \(error.reason)")
        }
        guard let handle = gallery_video_open_descriptor(file.rawValue, Int64(size), limits.c, &report) else {
            throw report.error
        }
        self.handle = handle
        owned = nil
        probe = Self.probe(handle)
    }

    /// Opens a video held in `bytes`, which are copied (the reader reads them until the file is freed).
    public init(bytes: some Collection<UInt8>, limits: Limits = Limits()) throws {
        guard !bytes.isEmpty else { throw ImageError.empty }
        var report = gallery_video_report()
        guard gallery_video_available(&report) != 0 else { throw ImageError.unavailable(report.text) }
        let owned = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
        _ = owned.initialize(from: bytes)
        guard let handle = gallery_video_open_memory(owned.baseAddress, owned.count, limits.c, &report) else {
            owned.deallocate()
            throw report.error
        }
        self.handle = handle
        self.owned = owned
        probe = Self.probe(handle)
    }

    deinit {
        gallery_video_close(handle)
        owned?.deallocate()
    }

    /// The poster, upright and fitted inside `box` (aspect kept, never enlarged): the cover
    /// picture when the file has one, else the keyframe at or before `posterTime` or
    /// `posterFraction` of the way in, whichever comes first, decoded alone.
    public func poster(fittingIn box: PixelSize) throws -> VideoPoster {
        let seconds = min(Self.posterTime, probe.duration.map { $0 / .seconds(1) * Self.posterFraction } ?? Self.posterTime)
        var time = 0.0
        var report = gallery_video_report()
        guard gallery_video_decode_poster(handle, seconds, &time, &report) == 0 else { throw report.error }
        // A cover is stored upright; a frame is turned as the stream says.
        let orientation = probe.hasCover ? .up : probe.orientation
        return VideoPoster(image: try currentFrame(fittingIn: box, orientation: orientation), time: time)
    }

    /// Decodes the next frame in order, for playback, and gives its time from the start in
    /// seconds; nil at the end. `currentFrame` then gives its pixels: a player running late
    /// skips that for frames it drops.
    public func decodeNextFrame() throws -> Double? {
        var time = 0.0
        var report = gallery_video_report()
        switch gallery_video_decode_next(handle, &time, &report) {
        case 1: return time
        case 0: return nil
        default: throw report.error
        }
    }

    /// Goes back to the first frame (after a poster, or to play again).
    public func rewind() throws {
        var report = gallery_video_report()
        guard gallery_video_rewind(handle, &report) == 0 else { throw report.error }
    }

    /// The frame decoded last (none once `decodeNextFrame` said the end), upright and fitted
    /// inside `box` (aspect kept, never enlarged).
    public func currentFrame(fittingIn box: PixelSize) throws -> RGBImage {
        try currentFrame(fittingIn: box, orientation: probe.orientation)
    }

    private func currentFrame(fittingIn box: PixelSize, orientation: ImageOrientation) throws -> RGBImage {
        // Scaled before it is turned: the box the stored frame fits is the upright box turned back.
        let stored = orientation.upright(box)
        var width: Int32 = 0, height: Int32 = 0
        guard gallery_video_scaled_size(handle, Int32(clamping: max(1, stored.width)), Int32(clamping: max(1, stored.height)),
                                        &width, &height) == 0 else { throw ImageError.corrupt("video: no frame decoded") }
        var pixels = [UInt8](repeating: 0, count: Int(width) * Int(height) * 3)
        var report = gallery_video_report()
        let status = pixels.withUnsafeMutableBufferPointer { gallery_video_scale(handle, $0.baseAddress, width, height, &report) }
        guard status == 0 else { throw report.error }
        return RGBImage(width: Int(width), height: Int(height), pixels: pixels).oriented(orientation)
    }

    /// The container's fields, parsed strictly.
    private static func probe(_ handle: OpaquePointer) -> VideoProbe {
        var info = gallery_video_info()
        gallery_video_info_of(handle, &info)
        let orientation = VideoProbe.orientation(clockwise: Int(info.rotation))
        let stored = PixelSize(width: Int(info.width), height: Int(info.height))
        let rate = info.rate_denominator > 0 ? Double(info.rate_numerator) / Double(info.rate_denominator) : nil
        return VideoProbe(
            duration: info.duration >= 0 && info.duration < 1e9 ? .milliseconds(Int64(info.duration * 1000)) : nil,
            size: info.has_cover != 0 ? stored : orientation.upright(stored),
            framesPerSecond: rate.flatMap { $0 > 0 && $0 < 10_000 ? $0 : nil },
            codec: CameraExif.text(withUnsafeBytes(of: info.codec) { Array($0.prefix { $0 != 0 }) }) ?? "unknown",
            recorded: PhotoDate(exif: withUnsafeBytes(of: info.creation_time) { Array($0.prefix { $0 != 0 }) }),
            position: GPSPosition(iso6709: withUnsafeBytes(of: info.location) { Array($0.prefix { $0 != 0 }) }),
            orientation: orientation, hasCover: info.has_cover != 0)
    }
}

/// A video's poster: the picture, and when in the video it is (0 for a cover).
public struct VideoPoster: Sendable {
    public let image: RGBImage
    /// Seconds from the start.
    public let time: Double
}

private extension VideoFile.Limits {
    var c: gallery_video_limits {
        gallery_video_limits(budget_ms: Int32(clamping: Int64(budget / .milliseconds(1))), probe_bytes: Int64(probeBytes),
                             analyze_us: Int64(analyzeDuration / .microseconds(1)), max_pixels: Int64(maxPixels))
    }
}

private extension gallery_video_report {
    /// What the call that filled the report throws: past its time budget `.overBudget` (the
    /// machine's load may be why: a desktop thumbnail records no failure for it), else `.corrupt`.
    var error: ImageError {
        timed_out != 0 ? .overBudget("video: \(text)") : .corrupt("video: \(text)")
    }

    /// The message as C left it in the fixed buffer, on one line.
    var text: String {
        withUnsafeBytes(of: message) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }.split(whereSeparator: \.isNewline).joined(separator: ": ")
    }
}
