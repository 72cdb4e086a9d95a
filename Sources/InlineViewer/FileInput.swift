import OperatingSystem

/// Whole-file reads for `gallery view`, which is timed as a whole process: plain system calls,
/// nothing that costs at start-up.
enum FileInput {
    /// The most bytes one file may have: no image `gallery view` decodes is near it (100 million
    /// pixels, `JPEGCodec.defaultMaxPixels`, are a JPEG of tens of megabytes), and it bounds
    /// the memory a stream that never ends (`/dev/zero`, `yes > fifo`) can take.
    static let maxBytes = 256 << 20

    /// Why a file could not be read, in one phrase for `gallery: FILE: …`.
    struct Failure: Error, CustomStringConvertible {
        let description: String

        /// The C library's words for `error`, or the cap for a file over it.
        init(_ error: SystemError, maxBytes: Int) {
            description = error.isFileTooLarge
                ? "larger than \(maxBytes >> 20) MB, more than any image gallery shows" : error.reason
        }
    }

    /// Calls `body` with the bytes of the file at `path`, mapped when it is a regular file (reading
    /// a large photo into fresh memory costs page faults and a copy that mapping mostly avoids:
    /// BENCHMARKS.md). A file of more than `maxBytes` fails with `Failure`, as does one that cannot
    /// be read; one cut short while mapped ends the process with one line on stderr.
    static func withContents<Result>(of path: String, maxBytes: Int = maxBytes,
                                     _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) throws -> Result {
        do {
            return try MappedFile.withContents(
                of: path, maxBytes: maxBytes,
                truncationMessage: "gallery: a file was cut short while it was being read\n", body)
        } catch let error as SystemError {
            throw Failure(error, maxBytes: maxBytes)
        }
    }
}
