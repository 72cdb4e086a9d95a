extension Sequence<UInt8> {
    /// The bytes as one unsigned big-endian number (a PNG chunk's length, a box's size). At most
    /// 8 bytes make sense; the callers read 4.
    var bigEndianInteger: Int { reduce(0) { $0 << 8 | Int($1) } }
}
