import Glibc

/// The size of the terminal on a descriptor, as the kernel keeps it (`TIOCGWINSZ`): no escape
/// sequence is sent, so nothing waits for the terminal to answer.
public struct TerminalSize: Sendable, Equatable {
    public let columns: Int, rows: Int
    /// The window in pixels, where the terminal fills it in; many leave 0.
    public let pixelWidth: Int, pixelHeight: Int

    public init(columns: Int, rows: Int, pixelWidth: Int, pixelHeight: Int) {
        (self.columns, self.rows) = (columns, rows)
        (self.pixelWidth, self.pixelHeight) = (pixelWidth, pixelHeight)
    }

    /// The terminal on `descriptor`; fails (ENOTTY) when it is not one.
    public init(of descriptor: FileDescriptor) throws(SystemError) {
        var size = winsize()
        // Swift's Glibc overlay declares this one non-variadic form of `ioctl`.
        _ = try SystemCall.retryingInterrupts("read the window size of", path: descriptor.path) {
            ioctl(descriptor.rawValue, UInt(TIOCGWINSZ), &size)
        }
        self.init(columns: Int(size.ws_col), rows: Int(size.ws_row),
                  pixelWidth: Int(size.ws_xpixel), pixelHeight: Int(size.ws_ypixel))
    }
}
