/// A growable byte buffer for encoders' hot loops: room for a batch is reserved once
/// (`write(reserving:)`), then the batch is written through a `ByteCursor` — a bare pointer the
/// compiler keeps in a register — with no bounds or capacity checks per byte.
struct ByteBuffer: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = max(64, capacity)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// Runs `body` with a cursor at the end of the buffer and room for `extra` more bytes, which
    /// `body` must not exceed; the bytes it writes are kept.
    mutating func write<Result>(reserving extra: Int, _ body: (inout ByteCursor) throws -> Result) rethrows -> Result {
        if count + extra > capacity {
            let grown = max(capacity * 2, count + extra)
            let new = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
            new.update(from: base, count: count)
            base.deallocate()
            base = new
            capacity = grown
        }
        var cursor = ByteCursor(position: base + count)
        defer { count = cursor.position - base }
        return try body(&cursor)
    }

    /// The bytes written, as an array.
    var bytes: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

    /// `prefix`'s bytes and then these, as one array: for a header known only once the rest is written.
    func bytes(after prefix: borrowing ByteBuffer) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: prefix.count + count) { array, initialized in
            array.baseAddress!.update(from: prefix.base, count: prefix.count)
            (array.baseAddress! + prefix.count).update(from: base, count: count)
            initialized = prefix.count + count
        }
    }
}

/// Where the next byte goes in a `ByteBuffer` that has room for it.
struct ByteCursor {
    fileprivate(set) var position: UnsafeMutablePointer<UInt8>

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        position.pointee = byte
        position += 1
    }

    mutating func append(_ text: StaticString) {
        let length = text.utf8CodeUnitCount
        position.update(from: text.utf8Start, count: length)
        position += length
    }

    /// `value` (not negative) in decimal: at most `Int.max`'s 19 digits.
    mutating func append(decimal value: Int) {
        if value < 10 {
            append(UInt8(truncatingIfNeeded: 48 + value))
            return
        }
        var digits = 1
        var rest = value / 10
        while rest > 0 { digits += 1; rest /= 10 }
        var remaining = value
        for i in stride(from: digits - 1, through: 0, by: -1) {
            position[i] = UInt8(truncatingIfNeeded: 48 + remaining % 10)
            remaining /= 10
        }
        position += digits
    }
}
