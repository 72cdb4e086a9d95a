import Glibc

/// An open file descriptor, and the path it was opened from so its errors can name the file.
/// A value: closing it is the owner's job (`close()`), as with the number it wraps.
public struct FileDescriptor: Sendable, Hashable {
    /// How a file is opened; always close-on-exec, so no program this process starts inherits it.
    public enum Opening: Sendable {
        /// Reading a file of bytes: a regular file, or a pipe this process was handed (`/dev/stdin`
        /// under `cat photo.jpg |`, `<(…)`). What the path names is told by its type before it is
        /// opened: a folder fails with EISDIR, and a FIFO in a folder, a socket or a device with
        /// `SystemError.isNotAFile`, so no reader waits for a writer or reads a device that never
        /// ends. The open itself never waits (`O_NONBLOCK`, which changes nothing for a regular
        /// file and which `wait(forPipe:)` turns off for a pipe), and the open file's type is
        /// checked again: another program may have put something else under the name meanwhile.
        case reading
        /// Writing a file that must not exist yet.
        case creatingNew(permissions: UInt32)
        /// Writing from empty, whether or not the file existed.
        case replacing(permissions: UInt32)
        /// Writing at the end, whatever others append meanwhile (a log), created when missing.
        case appending(permissions: UInt32)
    }

    public let rawValue: Int32
    /// The file's path as shown (`FilePath.description`), for errors; nil for a descriptor inherited or made without one.
    public let path: String?

    public static let standardInput = FileDescriptor(0)
    public static let standardOutput = FileDescriptor(1)
    public static let standardError = FileDescriptor(2)

    public init(_ rawValue: Int32, path: String? = nil) {
        self.rawValue = rawValue
        self.path = path
    }

    public static func open(_ path: FilePath, _ opening: Opening = .reading) throws(SystemError) -> FileDescriptor {
        if case .reading = opening {
            let status: FileStatus
            do { status = try FileStatus(path: path) } catch { throw SystemError(code: error.code, operation: "open", path: error.path) }
            try checkReadable(status, path: path.description)
        }
        let descriptor = try SystemCall.retryingInterrupts("open", path: path.description) {
            path.withCString { path in
                switch opening {
                case .reading: Glibc.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
                case .creatingNew(let permissions): Glibc.open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, permissions)
                case .replacing(let permissions): Glibc.open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, permissions)
                case .appending(let permissions): Glibc.open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, permissions)
                }
            }
        }
        let opened = FileDescriptor(descriptor, path: path.description)
        if case .reading = opening {
            do {
                try checkReadable(opened.status(), path: opened.path)
            } catch {
                try? opened.close()
                throw error
            }
        }
        return opened
    }

    /// Throws unless `status` is that of a file `.reading` reads: a regular file or an anonymous pipe.
    private static func checkReadable(_ status: FileStatus, path: String?) throws(SystemError) {
        if status.kind == .regular { return }
        if status.kind == .directory { throw SystemError(code: EISDIR, operation: "read", path: path) }
        if status.isPipe, status.device == anonymousPipes { return }
        throw SystemError(notAFile: status.special ?? .characterDevice, operation: "read", path: path)
    }

    /// The device every anonymous pipe is on (the kernel's pipefs), as `stat` reports it: a pipe
    /// this process was handed is on it, a FIFO in a folder is on that folder's file system.
    private static let anonymousPipes: UInt64? = {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        defer { Glibc.close(ends[0]); Glibc.close(ends[1]) }
        return try? FileDescriptor(ends[0]).status().device
    }()

    public static func open(_ path: String, _ opening: Opening = .reading) throws(SystemError) -> FileDescriptor {
        try open(FilePath(path), opening)
    }

    /// Opens `path`, runs `body` with it and closes it, whatever `body` does.
    public static func withOpened<Result>(_ path: FilePath, _ opening: Opening = .reading,
                                          _ body: (FileDescriptor) throws -> Result) throws -> Result {
        let descriptor = try open(path, opening)
        defer { try? descriptor.close() }
        return try body(descriptor)
    }

    public static func withOpened<Result>(_ path: String, _ opening: Opening = .reading,
                                          _ body: (FileDescriptor) throws -> Result) throws -> Result {
        try withOpened(FilePath(path), opening, body)
    }

    /// Not made again on EINTR: Linux has released the descriptor by then, and another thread may
    /// already have been given the number.
    /// For a pipe opened `.reading`: waits at most `timeout` for its first bytes (or
    /// its writer closing it), then makes reads wait again. Throws ETIMEDOUT
    /// (`SystemError.isTimedOut`) when nothing came: a FIFO nobody writes to.
    public func wait(forPipe timeout: Duration) throws(SystemError) {
        let deadline = ContinuousClock.now + timeout
        while true {
            guard let ready = try waitForInput(until: deadline) else {
                throw SystemError(code: ETIMEDOUT, operation: "read", path: path)
            }
            if ready { break }
        }
        let flags = fcntl(rawValue, F_GETFL)
        guard flags >= 0, fcntl(rawValue, F_SETFL, flags & ~O_NONBLOCK) == 0 else { throw SystemError.last("read", path: path) }
    }

    public func close() throws(SystemError) {
        guard Glibc.close(rawValue) == 0 else { throw SystemError.last("close", path: path) }
    }

    public func status() throws(SystemError) -> FileStatus {
        var status = stat()
        _ = try SystemCall.retryingInterrupts("read the status of", path: path) { fstat(rawValue, &status) }
        return FileStatus(status)
    }

    /// Reads until `buffer` is full or the file ends; returns how many bytes it holds.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(SystemError) -> Int {
        guard let base = buffer.baseAddress else { return 0 }
        var count = 0
        while count < buffer.count {
            let n = try SystemCall.retryingInterrupts("read", path: path) {
                Glibc.read(rawValue, base + count, buffer.count - count)
            }
            if n == 0 { break }
            count += n
        }
        return count
    }

    /// Everything left to read, but at most `limit` bytes. A regular file goes straight into one
    /// array of its size: read through a zeroed 1 MB chunk appended to a growing array, a 4000 px
    /// photo took several times as long (the zeroing, two copies and the page faults of each).
    public func read(upTo limit: Int) throws(SystemError) -> [UInt8] {
        // One byte past the size: a file that has not grown ends within the first block. A limit
        // within the first block is read at once, without asking the size (a folder's listing
        // reads 12 bytes of each of its files, right after its own `status`).
        let size = limit <= Self.firstBlock ? nil : (try? status()).flatMap { $0.kind == .regular ? $0.size + 1 : nil }
        var block = max(1, min(size ?? Self.firstBlock, limit))
        var bytes: [UInt8] = []
        while bytes.count < limit {
            let wanted = min(block, limit - bytes.count)
            let read = try readBlock(wanted)
            if bytes.isEmpty { bytes = read } else { bytes += read }
            if read.count < wanted { break }
            block = min(block * 2, Self.largestBlock)
        }
        return bytes
    }

    /// The first read of a stream of unknown length (a pipe, a terminal), and the most one read of
    /// it grows to.
    private static let firstBlock = 1 << 16
    private static let largestBlock = 1 << 24

    /// At most `count` bytes read into a new array (uninitialised until read into): fewer only where
    /// the input ended.
    private func readBlock(_ count: Int) throws(SystemError) -> [UInt8] {
        var failure: SystemError?
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            do throws(SystemError) {
                initialized = try read(into: UnsafeMutableRawBufferPointer(buffer))
            } catch {
                failure = error
                initialized = 0
            }
        }
        if let failure { throw failure }
        return bytes
    }

    /// Writes all of `bytes`, however many calls the kernel takes them in. A descriptor set
    /// non-blocking (a tty shared with an input source) is waited on until it takes more.
    public func write(all bytes: UnsafeRawBufferPointer) throws(SystemError) {
        guard let base = bytes.baseAddress else { return }
        var done = 0
        while done < bytes.count {
            let n: Int
            do {
                n = try SystemCall.retryingInterrupts("write", path: path) {
                    Glibc.write(rawValue, base + done, bytes.count - done)
                }
            } catch {
                guard error.code == EAGAIN || error.code == EWOULDBLOCK else { throw error }
                var pollFD = pollfd(fd: rawValue, events: Int16(POLLOUT), revents: 0)
                _ = poll(&pollFD, 1, 100)
                continue
            }
            // Nothing taken and no error: the device is full or gone; asking again would spin.
            guard n > 0 else { throw SystemError(code: EIO, operation: "write", path: path) }
            done += n
        }
    }

    public func write(all bytes: [UInt8]) throws(SystemError) {
        var failure: SystemError?
        bytes.withUnsafeBytes { buffer in
            do throws(SystemError) { try write(all: buffer) } catch { failure = error }
        }
        if let failure { throw failure }
    }
}
