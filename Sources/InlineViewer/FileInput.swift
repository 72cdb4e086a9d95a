import Glibc

/// Whole-file reads with plain POSIX calls: `gallery view` is timed as a whole process, and these
/// cost nothing at start-up.
enum FileInput {
    /// The most bytes one file may have: no image `gallery view` decodes is near it (100 million
    /// pixels, `JPEGCodec.defaultMaxPixels`, are a JPEG of tens of megabytes), and it bounds
    /// the memory a stream that never ends (`/dev/zero`, `yes > fifo`) can take.
    static let maxBytes = 256 << 20

    /// Why a file could not be read, in one phrase for `gallery: FILE: …`.
    struct Failure: Error, CustomStringConvertible {
        let description: String

        /// The C library's message for the error `code`.
        init(code: Int32) { description = String(cString: strerror(code)) }

        /// A file with more than `limit` bytes.
        static func tooLarge(limit: Int) -> Failure {
            Failure(description: "larger than \(limit >> 20) MB, more than any image gallery shows")
        }

        private init(description: String) { self.description = description }
    }

    /// Calls `body` with the bytes of the file at `path`, opened once. A regular file is mapped,
    /// not read: its pages come straight from the page cache, where reading a 4000 px photo into
    /// fresh memory cost ~0.6 ms of page faults and copying (0.1 ms mapped, measured here).
    /// Anything else (a pipe, a character device, an empty file, a mapping refused) is read from
    /// the same descriptor: a FIFO opened a second time would wait for a new writer.
    ///
    /// A file of more than `maxBytes` fails with `Failure.tooLarge`: a regular one before it is
    /// mapped, anything else once that much has been read.
    ///
    /// A mapping has one hazard reading has not: if another program cuts the file short while it
    /// is mapped, touching the lost pages raises SIGBUS. That ends the process with one clear
    /// line on stderr (`exitOnTruncation`) rather than a crash.
    static func withContents<Result>(of path: String, maxBytes: Int = maxBytes,
                                     _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) throws -> Result {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw Failure(code: errno) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw Failure(code: errno) }
        let kind = info.st_mode & S_IFMT, size = Int(info.st_size)
        guard kind != S_IFDIR else { throw Failure(code: EISDIR) }
        guard kind != S_IFREG || size <= maxBytes else { throw Failure.tooLarge(limit: maxBytes) }
        let mapped = kind == S_IFREG && size > 0 ? mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0) : MAP_FAILED
        guard let mapped, mapped != MAP_FAILED else { return try withAllRead(from: fd, maxBytes: maxBytes, body) }
        exitOnTruncation()
        defer { munmap(mapped, size) }
        return try body(UnsafeBufferPointer(start: mapped.assumingMemoryBound(to: UInt8.self), count: size))
    }

    /// Calls `body` with everything left to read from `fd`, at most `maxBytes`. The bytes go into
    /// one anonymous mapping the size of the cap: only the pages read into become memory, and
    /// nothing is copied as a stream grows (growing an array copied all of it at every step).
    private static func withAllRead<Result>(from fd: Int32, maxBytes: Int,
                                            _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) throws -> Result {
        // One byte past the cap: a file that fills it has more than `maxBytes`.
        let capacity = maxBytes + 1
        let buffer = mmap(nil, capacity, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0)
        guard let buffer, buffer != MAP_FAILED else { throw Failure(code: errno) }
        defer { munmap(buffer, capacity) }
        var count = 0
        while count < capacity {
            let n = read(fd, buffer + count, capacity - count)
            if n > 0 {
                count += n
            } else if n == 0 {
                return try body(UnsafeBufferPointer(start: buffer.assumingMemoryBound(to: UInt8.self), count: count))
            } else if errno != EINTR {
                throw Failure(code: errno)
            }
        }
        throw Failure.tooLarge(limit: maxBytes)
    }

    /// Installs the SIGBUS handler that reports a file truncated while mapped. It only writes a
    /// constant and exits: nothing else is safe in a signal handler.
    private static func exitOnTruncation() {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in
            let message: StaticString = "gallery: a file was cut short while it was being read\n"
            _ = write(2, message.utf8Start, message.utf8CodeUnitCount)
            _exit(1)
        }
        sigaction(SIGBUS, &action, nil)
    }
}
