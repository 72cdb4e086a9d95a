import Glibc

extension File {
    /// Copies the file `source` to `destination` only when nothing is named `destination`: the bytes
    /// go to a temporary file in `destination`'s folder, flushed to the disk, with `source`'s
    /// permission bits and modification time, which is then renamed without replacing
    /// (`renameWithoutReplacing`): a reader never sees half a copy under the name, and a file that
    /// took the name meanwhile stays (EEXIST, `isAlreadyExisting`). On failure nothing is left
    /// behind. `source` is opened as every reader opens files: a FIFO or a device is refused.
    public static func copyWithoutReplacing(_ source: FilePath, to destination: FilePath) throws(SystemError) {
        if (try? FileStatus(path: destination, followingLinks: false)) != nil {
            throw SystemError(code: EEXIST, operation: "copy to", path: destination.description)
        }
        let input = try FileDescriptor.open(source)
        defer { try? input.close() }
        var status = stat()
        _ = try SystemCall.retryingInterrupts("read the status of", path: input.path) { fstat(input.rawValue, &status) }
        // A short fixed name: the temporary name must fit where the destination's does.
        var template = (destination.parent.bytes + Array("/.gallery-copy-XXXXXX.part".utf8)).map { CChar(bitPattern: $0) } + [0]
        let made = try SystemCall.retryingInterrupts("create a file in", path: destination.parent.description) {
            template.withUnsafeMutableBufferPointer { mkstemps($0.baseAddress!, 5) }
        }
        let temporary = FilePath(bytes: template.dropLast().map { UInt8(bitPattern: $0) })
        let output = FileDescriptor(made, path: temporary.description)
        do {
            try copyBytes(from: input, to: output)
            _ = try SystemCall.retryingInterrupts("chmod", path: output.path) { fchmod(made, status.st_mode & 0o7777) }
            var times = [status.st_atim, status.st_mtim]
            _ = try SystemCall.retryingInterrupts("set the time of", path: output.path) { futimens(made, &times) }
            _ = try SystemCall.retryingInterrupts("flush", path: output.path) { fsync(made) }
            try output.close()
        } catch {
            try? output.close()
            try? remove(temporary)
            throw error
        }
        do {
            try renameWithoutReplacing(temporary, to: destination)
        } catch {
            try? remove(temporary)
            throw error
        }
    }

    /// Moves the file `source` to `destination` only when nothing is named `destination`: renamed
    /// without replacing, or, across file systems (EXDEV), copied that way (`copyWithoutReplacing`)
    /// and then removed.
    public static func moveWithoutReplacing(_ source: FilePath, to destination: FilePath) throws(SystemError) {
        do {
            try renameWithoutReplacing(source, to: destination)
        } catch where error.code == EXDEV {
            try copyWithoutReplacing(source, to: destination)
            do {
                try remove(source)
            } catch {
                // One copy, the original, rather than two.
                try? remove(destination)
                throw error
            }
        }
    }

    /// Every byte left in `input` written to `output`, a megabyte at a time.
    private static func copyBytes(from input: FileDescriptor, to output: FileDescriptor) throws(SystemError) {
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            var failure: SystemError?
            let ended = chunk.withUnsafeMutableBytes { buffer -> Bool in
                do throws(SystemError) {
                    let count = try input.read(into: buffer)
                    try output.write(all: UnsafeRawBufferPointer(rebasing: buffer[..<count]))
                    return count < buffer.count
                } catch {
                    failure = error
                    return true
                }
            }
            if let failure { throw failure }
            if ended { return }
        }
    }
}
