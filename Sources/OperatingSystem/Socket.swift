import Glibc

/// Sockets made for libraries that let the caller create them (libcurl's open-socket callback).
public enum Socket {
    /// A new socket, close-on-exec from the start: no program started meanwhile inherits it.
    /// `family`, `type` and `protocol` are `socket(2)`'s arguments.
    public static func openCloseOnExec(family: Int32, type: Int32, protocol: Int32) throws(SystemError) -> FileDescriptor {
        let descriptor = try SystemCall.retryingInterrupts("open a socket") {
            socket(family, type | Int32(SOCK_CLOEXEC.rawValue), `protocol`)
        }
        return FileDescriptor(descriptor)
    }
}
