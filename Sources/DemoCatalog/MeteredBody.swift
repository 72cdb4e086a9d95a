import FlyingSocks

/// A response body handed to the server in pieces, optionally spaced out in time, that reports
/// each piece only once it has been written: the server asks for the next piece (or the end) only
/// after the previous write returned. A client that hung up makes the write fail, so the bytes it
/// never took are never reported.
struct MeteredBody: AsyncBufferedSequence {
    typealias Element = UInt8

    let bytes: [UInt8]
    /// The largest piece; the server may ask for less.
    let pieceSize: Int
    /// The wait before each piece (the slow drip); zero sends them back to back.
    let pause: Duration
    let onWritten: @Sendable (Int) -> Void

    /// The whole body at once.
    init(_ bytes: [UInt8], onWritten: @escaping @Sendable (Int) -> Void) {
        self.init(bytes, pieces: 1, over: .zero, onWritten: onWritten)
    }

    /// The body in `pieces` equal pieces, each after a pause, `duration` in all.
    init(_ bytes: [UInt8], pieces: Int, over duration: Duration, onWritten: @escaping @Sendable (Int) -> Void) {
        let pieces = Swift.max(1, pieces)
        self.bytes = bytes
        pieceSize = Swift.max(1, (bytes.count + pieces - 1) / pieces)
        pause = duration / pieces
        self.onWritten = onWritten
    }

    func makeAsyncIterator() -> Iterator { Iterator(body: self) }

    struct Iterator: AsyncBufferedIteratorProtocol {
        let body: MeteredBody
        private var offset = 0
        private var unreported = 0

        init(body: MeteredBody) { self.body = body }

        mutating func next() async throws -> UInt8? {
            try await nextBuffer(suggested: 1)?.first
        }

        mutating func nextBuffer(suggested count: Int) async throws -> ArraySlice<UInt8>? {
            if unreported > 0 {
                body.onWritten(unreported)
                unreported = 0
            }
            guard offset < body.bytes.count else { return nil }
            if body.pause > .zero { try await Task.sleep(for: body.pause) }
            let end = Swift.min(body.bytes.count, offset + Swift.max(1, Swift.min(count, body.pieceSize)))
            defer { offset = end }
            unreported = end - offset
            return body.bytes[offset..<end]
        }
    }
}
