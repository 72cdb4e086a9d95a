import Glibc

/// A whole file in memory without copying it where the kernel allows: a regular file is mapped,
/// anything else read into one anonymous mapping.
public enum MappedFile {
    /// Calls `body` with the bytes of the file at `path`, opened once (`FileDescriptor.open`'s
    /// `.reading`: a FIFO in a folder, a socket or a device is refused by its type, a folder fails
    /// with EISDIR). A regular file is mapped, not read: its pages come straight from the page
    /// cache. Anything else (a pipe this process was handed, an empty file, a mapping refused) is
    /// read from the same descriptor. A pipe gets `pipeTimeout` for its first bytes, then fails
    /// with ETIMEDOUT (`SystemError.isTimedOut`).
    ///
    /// A file of more than `maxBytes` fails with EFBIG (`SystemError.isFileTooLarge`): a regular
    /// one before it is mapped, a pipe once that much has been read.
    ///
    /// A mapping has one hazard reading has not: if another program cuts the file short while it
    /// is mapped, touching the lost pages raises SIGBUS. The process then writes
    /// `truncationMessage` to stderr and exits with status 1, rather than crashing.
    public static func withContents<Result>(
        of path: FilePath, maxBytes: Int, truncationMessage: StaticString, pipeTimeout: Duration = .seconds(10),
        _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
    ) throws -> Result {
        let descriptor = try FileDescriptor.open(path)
        defer { try? descriptor.close() }
        let status = try descriptor.status()
        if status.isPipe { try descriptor.wait(forPipe: pipeTimeout) }
        guard status.kind != .regular || status.size <= maxBytes else { throw File.tooLarge(path) }
        let size = status.size
        let mapped = status.kind == .regular && size > 0
            ? mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor.rawValue, 0) : MAP_FAILED
        guard let mapped, mapped != MAP_FAILED else {
            return try withAllRead(from: descriptor, path: path, maxBytes: maxBytes, body)
        }
        exitOnTruncation(saying: truncationMessage)
        defer { munmap(mapped, size) }
        return try body(UnsafeBufferPointer(start: mapped.assumingMemoryBound(to: UInt8.self), count: size))
    }

    /// Calls `body` with everything left to read from `descriptor`, at most `maxBytes`. The bytes go
    /// into one anonymous mapping the size of the cap: only the pages read into become memory, and
    /// nothing is copied as a stream grows (growing an array copied all of it at every step).
    private static func withAllRead<Result>(from descriptor: FileDescriptor, path: FilePath, maxBytes: Int,
                                            _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) throws -> Result {
        // One byte past the cap: a file that fills it has more than `maxBytes`.
        let capacity = maxBytes + 1
        let buffer = mmap(nil, capacity, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0)
        guard let buffer, buffer != MAP_FAILED else { throw SystemError.last("map memory to read", path: path.description) }
        defer { munmap(buffer, capacity) }
        let count = try descriptor.read(into: UnsafeMutableRawBufferPointer(start: buffer, count: capacity))
        guard count < capacity else { throw File.tooLarge(path) }
        return try body(UnsafeBufferPointer(start: buffer.assumingMemoryBound(to: UInt8.self), count: count))
    }

    /// Installs the SIGBUS handler that reports a file truncated while mapped. It only writes a
    /// constant and exits: nothing else is safe in a signal handler.
    private static func exitOnTruncation(saying message: StaticString) {
        truncationMessage = message
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in
            _ = write(2, truncationMessage.utf8Start, truncationMessage.utf8CodeUnitCount)
            _exit(1)
        }
        sigaction(SIGBUS, &action, nil)
    }
}

// Set before the handler that reads it is installed, and only ever to a constant string.
nonisolated(unsafe) private var truncationMessage: StaticString = ""
