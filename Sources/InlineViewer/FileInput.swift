import Imaging
import OperatingSystem

/// Whole-file reads for `gallery view`, which is timed as a whole process: plain system calls,
/// nothing that costs at start-up.
enum FileInput {
    /// The most bytes one file may have: no image `gallery view` decodes is near it (100 million
    /// pixels, `JPEGCodec.defaultMaxPixels`, are a JPEG of tens of megabytes), and it bounds
    /// the memory a stream that never ends (`yes > fifo`) can take.
    static let maxBytes = 256 << 20

    /// Why a file could not be read, in one phrase for `gallery: FILE: …`.
    struct Failure: Error, CustomStringConvertible {
        let description: String

        /// The C library's words for `error`, or what the cap or the wait for a pipe mean.
        init(_ error: SystemError, maxBytes: Int) {
            if error.isFileTooLarge {
                description = "larger than \(maxBytes >> 20) MB, more than any image gallery shows"
            } else if error.isTimedOut {
                description = "a pipe nothing was written to"
            } else {
                description = error.reason
            }
        }

        init(describing description: String) { self.description = description }
    }

    /// How long a pipe may take to send its first bytes: `sleep 100 | gallery view /dev/stdin`
    /// ends after this, rather than waiting for ever.
    static let pipeTimeout = Duration.seconds(10)

    /// Calls `body` with the bytes of the file at `path`, mapped when it is a regular file (reading
    /// a large photo into fresh memory costs page faults and a copy that mapping mostly avoids:
    /// BENCHMARKS.md). A file of more than `maxBytes` fails with `Failure`, as does one that cannot
    /// be read; one cut short while mapped ends the process with one line on stderr.
    static func withContents<Result>(of path: FilePath, maxBytes: Int = maxBytes, pipeTimeout: Duration = pipeTimeout,
                                     _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) throws -> Result {
        do {
            // A FIFO in a folder, a socket or a device (a terminal, /dev/zero) is refused by its
            // type, never opened: reading one may wait for ever or never end.
            return try MappedFile.withContents(
                of: path, maxBytes: maxBytes,
                truncationMessage: "gallery: a file was cut short while it was being read\n", pipeTimeout: pipeTimeout, body)
        } catch let error as SystemError {
            throw Failure(error, maxBytes: maxBytes)
        }
    }

    /// Whether `path` is a regular file that starts as a video container does (`VideoFormat`):
    /// a video is read by FFmpeg as it plays, never whole, so it is told apart before the file
    /// is read. Only a regular file: a pipe's first bytes read here would be lost to the picture.
    static func isVideo(_ path: FilePath) -> Bool {
        guard let status = try? FileStatus(path: path), status.kind == .regular, status.size >= VideoFormat.signatureLength,
              let head = try? FileDescriptor.withOpened(path, .reading, { try $0.read(upTo: VideoFormat.signatureLength) })
        else { return false }
        return VideoFormat(sniffing: head) != nil
    }
}
