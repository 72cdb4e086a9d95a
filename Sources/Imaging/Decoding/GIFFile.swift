import TerminalVocabulary
import CGIF

/// giflib reading a GIF in memory, frame by frame: the only place its handle and callbacks are.
/// Used within the borrow of the bytes it was made with.
final class GIFFile {
    /// Where giflib's read callback takes its bytes from.
    private struct Source {
        let bytes: UnsafeBufferPointer<UInt8>
        var offset = 0
    }

    /// LZW codes are 12 bits at most and one stands for at most 4,096 pixels, so a byte of frame
    /// data holds at most 2,731 of them (a little more while the table fills, covered by the slack).
    private static let pixelsPerByte = 2_731, pixelSlack = 1 << 16

    /// Whether `bytes` of GIF data can hold `pixels` pixels.
    static func canHold(_ pixels: Int, in bytes: Int) -> Bool {
        pixels <= bytes * pixelsPerByte + pixelSlack
    }

    private let handle: UnsafeMutablePointer<GifFileType>
    private let source: UnsafeMutablePointer<Source>

    /// Reads the header and the logical screen descriptor.
    init(_ bytes: UnsafeBufferPointer<UInt8>) throws {
        guard !bytes.isEmpty else { throw ImageError.empty }
        source = .allocate(capacity: 1)
        source.initialize(to: Source(bytes: bytes))
        var error: Int32 = 0
        guard let handle = DGifOpen(source, Self.read, &error) else {
            source.deallocate()
            throw ImageError.corrupt("GIF: \(Self.reason(error))")
        }
        self.handle = handle
    }

    deinit {
        var error: Int32 = 0
        DGifCloseFile(handle, &error)
        source.deallocate()
    }

    /// The logical screen's size, as the header gives it.
    var screen: PixelSize { PixelSize(width: Int(handle.pointee.SWidth), height: Int(handle.pointee.SHeight)) }

    /// The next frame, with the graphic control extension before it; nil at the file's end.
    /// With a `step` over 1, the frame as it falls on a screen `step` times smaller: only the
    /// pixels on every `step`th row and column of the screen are kept, as the rows are read.
    /// - Throws: `.tooLarge` for a frame of more than `maxPixels`, `.corrupt` for damage or for a
    ///   frame announcing more pixels than the rest of the file can hold.
    func nextFrame(maxPixels: Int, step: Int = 1) throws -> GIFFrame? {
        var control = GraphicsControlBlock(DisposalMode: 0, UserInputFlag: false, DelayTime: 0, TransparentColor: -1)
        while true {
            var record = UNDEFINED_RECORD_TYPE
            try check(DGifGetRecordType(handle, &record))
            switch record {
            case EXTENSION_RECORD_TYPE: try readExtension(into: &control)
            case IMAGE_DESC_RECORD_TYPE: return try readFrame(control: control, maxPixels: maxPixels, step: step)
            default: return nil  // the trailer
            }
        }
    }

    /// Reads every block of an extension; a graphic control extension's fields go into `control`.
    private func readExtension(into control: inout GraphicsControlBlock) throws {
        var code: Int32 = 0
        var block: UnsafeMutablePointer<GifByteType>?
        try check(DGifGetExtension(handle, &code, &block))
        if code == GRAPHICS_EXT_FUNC_CODE, let block, block[0] >= 4 {
            _ = DGifExtensionToGCB(Int(block[0]), block + 1, &control)
        }
        while block != nil { try check(DGifGetExtensionNext(handle, &block)) }
    }

    private func readFrame(control: GraphicsControlBlock, maxPixels: Int, step: Int) throws -> GIFFrame {
        if DGifGetImageDesc(handle) == GIF_ERROR {
            // giflib reads the LZW code size last, and refuses one over 8 as a failed read. The
            // format allows up to 11 (Pillow's issue_2811.gif): a precise reason, not giflib's.
            let offset = source.pointee.offset
            if handle.pointee.Error == D_GIF_ERR_READ_FAILED, offset > 0, offset <= source.pointee.bytes.count,
               case let size = source.pointee.bytes[offset - 1], size > 8, size < 12 {
                throw ImageError.corrupt("GIF frame coded with \(size)-bit LZW codes, which giflib does not read")
            }
            try check(GIF_ERROR)
        }
        let image = handle.pointee.Image
        let width = Int(image.Width), height = Int(image.Height)
        guard width > 0, height > 0 else { throw ImageError.corrupt("GIF frame of no size") }
        guard width * height <= maxPixels else { throw ImageError.tooLarge(width: width, height: height) }
        let left = source.pointee.bytes.count - source.pointee.offset
        guard Self.canHold(width * height, in: left) else {
            throw ImageError.corrupt("GIF frame of \(width)x\(height) in \(left) bytes (truncated)")
        }
        // The frame's first row and column on the screen's grid of every `step`th, and how many.
        let column = Kept(start: Int(image.Left), count: width, step: step)
        let row = Kept(start: Int(image.Top), count: height, step: step)
        var indices = [UInt8](repeating: 0, count: column.kept * row.kept)
        var line = [UInt8](repeating: 0, count: width)
        try line.withUnsafeMutableBufferPointer { line in
            for stored in Self.rowOrder(height: height, interlaced: image.Interlace) {
                try check(DGifGetLine(handle, line.baseAddress!, Int32(width)))
                guard let at = row.index(of: stored) else { continue }
                for x in 0..<column.kept { indices[at * column.kept + x] = line[column.first + x * step] }
            }
        }
        let map = image.ColorMap ?? handle.pointee.SColorMap
        let colours = map.map { UnsafeBufferPointer(start: $0.pointee.Colors, count: Int($0.pointee.ColorCount)) } ?? .init(start: nil, count: 0)
        return GIFFrame(left: column.onScreen, top: row.onScreen, width: column.kept, height: row.kept, indices: indices,
                        palette: colours.flatMap { [$0.Red, $0.Green, $0.Blue] },
                        transparent: control.TransparentColor >= 0 ? Int(control.TransparentColor) : nil,
                        delay: Int(control.DelayTime), disposal: GIFFrame.Disposal(control.DisposalMode))
    }

    /// Which of a frame's `count` rows (or columns), starting at `start` on the screen, fall on
    /// the screen's every `step`th: the first (counted in the frame), how many, and where the
    /// first lands on the smaller screen.
    private struct Kept {
        let first: Int, kept: Int, onScreen: Int, step: Int

        init(start: Int, count: Int, step: Int) {
            first = (step - start % step) % step
            kept = first < count ? (count - first + step - 1) / step : 0
            onScreen = (start + first) / step
            self.step = step
        }

        /// The kept place of the frame's `stored` row, or nil when it is not kept.
        func index(of stored: Int) -> Int? {
            stored >= first && (stored - first) % step == 0 ? (stored - first) / step : nil
        }
    }

    /// The rows in the order the file stores them: interlaced, every 8th from 0, every 8th from 4,
    /// every 4th from 2, every 2nd from 1.
    static func rowOrder(height: Int, interlaced: Bool) -> [Int] {
        guard interlaced else { return Array(0..<height) }
        return [(0, 8), (4, 8), (2, 4), (1, 2)].flatMap { start, step in Array(stride(from: start, to: height, by: step)) }
    }

    private func check(_ status: Int32) throws {
        guard status == GIF_ERROR else { return }
        throw ImageError.corrupt("GIF: \(Self.reason(handle.pointee.Error))")
    }

    private static func reason(_ error: Int32) -> String {
        GifErrorString(error).map { String(cString: $0) } ?? "giflib error \(error)"
    }

    /// giflib's read callback: as many of the wanted bytes as are left.
    private static let read: InputFunc = { gif, buffer, wanted in
        guard let gif, let buffer, wanted > 0,
              let source = gif.pointee.UserData?.assumingMemoryBound(to: Source.self) else { return 0 }
        let count = min(Int(wanted), source.pointee.bytes.count - source.pointee.offset)
        buffer.update(from: source.pointee.bytes.baseAddress! + source.pointee.offset, count: count)
        source.pointee.offset += count
        return Int32(count)
    }
}
