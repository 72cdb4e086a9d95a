/// Reads the choices a fuzz target makes (sizes, modes, flags) from the front of its input, so
/// libFuzzer's mutations steer them like any other byte. Past the end every choice is the
/// smallest value, never a crash: a short input is still a valid run.
struct FuzzInput {
    private let bytes: UnsafeRawBufferPointer
    private(set) var offset = 0

    init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    /// The bytes not consumed yet.
    var rest: UnsafeRawBufferPointer { UnsafeRawBufferPointer(rebasing: bytes[offset...]) }

    /// A value in `range` from the next byte (two when the range is wider than 256).
    mutating func int(in range: ClosedRange<Int>) -> Int {
        let span = range.upperBound - range.lowerBound + 1
        var raw = Int(byte())
        if span > 256 { raw = raw << 8 | Int(byte()) }
        return range.lowerBound + raw % span
    }

    mutating func bool() -> Bool { byte() & 1 == 1 }

    /// One of `choices` (which must not be empty).
    mutating func pick<T>(_ choices: [T]) -> T { choices[int(in: 0...(choices.count - 1))] }

    /// The next `count` bytes, fewer at the end of the input.
    mutating func bytes(_ count: Int) -> [UInt8] {
        let taken = Array(rest.prefix(count))
        offset += taken.count
        return taken
    }

    private mutating func byte() -> UInt8 {
        guard offset < bytes.count else { return 0 }
        defer { offset += 1 }
        return bytes[offset]
    }
}
