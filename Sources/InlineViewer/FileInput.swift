import Glibc

/// Whole-file reads with plain POSIX calls: `gallery view` is timed as a whole process, and these
/// cost nothing at start-up.
enum FileInput {
    /// Why a file could not be read, worded like the C library's message for the error.
    struct Failure: Error, CustomStringConvertible {
        let code: Int32
        var description: String { String(cString: strerror(code)) }
    }

    /// Calls `body` with the bytes of the file at `path`, opened once. A regular file is mapped,
    /// not read: its pages come straight from the page cache, where reading a 4000 px photo into
    /// fresh memory cost ~0.6 ms of page faults and copying (0.1 ms mapped, measured here).
    /// Anything else (a pipe, an empty file, a mapping refused) is read from the same descriptor:
    /// a FIFO opened a second time would wait for a new writer.
    ///
    /// A mapping has one hazard reading has not: if another program cuts the file short while it
    /// is mapped, touching the lost pages raises SIGBUS. That ends the process with one clear
    /// line on stderr (`exitOnTruncation`) rather than a crash.
    static func withContents<Result>(of path: String,
                                     _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) throws -> Result {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw Failure(code: errno) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let code = errno
            close(fd)
            throw Failure(code: code)
        }
        let kind = info.st_mode & S_IFMT, size = Int(info.st_size)
        guard kind != S_IFDIR else {
            close(fd)
            throw Failure(code: EISDIR)
        }
        let mapped = kind == S_IFREG && size > 0 ? mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0) : MAP_FAILED
        guard let mapped, mapped != MAP_FAILED else {
            defer { close(fd) }
            return try readAll(fd, sizeHint: size).withUnsafeBufferPointer(body)
        }
        close(fd)
        exitOnTruncation()
        defer { munmap(mapped, size) }
        return try body(UnsafeBufferPointer(start: mapped.assumingMemoryBound(to: UInt8.self), count: size))
    }

    /// Everything left to read from `fd`: into one buffer of `sizeHint` bytes when that is the
    /// whole of it, with no zero-filling first; growing in chunks when the size is not known.
    private static func readAll(_ fd: Int32, sizeHint: Int) throws(Failure) -> [UInt8] {
        var bytes = [UInt8]()
        var want = max(sizeHint, 4096)
        while true {
            let count = try append(from: fd, to: &bytes, upTo: want)
            if count == 0 { return bytes }
            // Usually that was all (a regular file is read whole at once): check with one byte
            // rather than a big new buffer, which would copy everything read so far.
            var next: UInt8 = 0
            let n = read(fd, &next, 1)
            if n == 0 { return bytes }
            if n < 0 && errno != EINTR { throw Failure(code: errno) }
            if n == 1 { bytes.append(next) }
            want = max(want, 1 << 16)
        }
    }

    /// Reads up to `limit` bytes onto the end of `bytes`; returns how many arrived (0 at the end).
    private static func append(from fd: Int32, to bytes: inout [UInt8], upTo limit: Int) throws(Failure) -> Int {
        var failure: Int32 = 0
        var count = 0
        let old = bytes
        bytes = [UInt8](unsafeUninitializedCapacity: old.count + limit) { buffer, initialized in
            let start = buffer.initialize(fromContentsOf: old)
            var n: Int
            repeat { n = read(fd, buffer.baseAddress! + start, limit) } while n < 0 && errno == EINTR
            if n < 0 { failure = errno }
            count = max(0, n)
            initialized = start + count
        }
        if failure != 0 { throw Failure(code: failure) }
        return count
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
