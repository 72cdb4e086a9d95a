/// Encoded image bytes in contiguous memory that the decoders read in place: an array, or memory
/// the caller keeps alive for the call, such as a file mapped with `mmap` (`gallery view` maps
/// its files: reading a large photo into fresh memory costs page faults and a copy, BENCHMARKS.md).
public protocol EncodedBytes {
    /// Calls `body` with the bytes, valid for the call only.
    func withEncodedBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result
}

extension Array: EncodedBytes where Element == UInt8 {
    public func withEncodedBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try withUnsafeBufferPointer(body)
    }
}

extension UnsafeBufferPointer: EncodedBytes where Element == UInt8 {
    public func withEncodedBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try body(self)
    }
}
