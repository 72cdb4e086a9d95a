import Glibc

/// Direct writes to the terminal (fd 1), past ncurses, for what it cannot draw.
enum TerminalOutput {
    static func write(_ bytes: [UInt8], to fd: Int32 = STDOUT_FILENO) {
        bytes.withUnsafeBytes { buffer in
            var done = 0
            while done < buffer.count {
                let n = Glibc.write(fd, buffer.baseAddress! + done, buffer.count - done)
                if n > 0 {
                    done += n
                } else if n < 0 && (errno == EINTR) {
                    continue
                } else if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                    var pollFD = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&pollFD, 1, 100)
                } else {
                    return
                }
            }
        }
    }
}
