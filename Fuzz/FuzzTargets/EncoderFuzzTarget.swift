#if TESTABLE_IMPORTS
@testable import Imaging
import ImagingTestSupport

/// A small image and sizes, all from the input, through every way the app draws pictures:
/// resizing, sixel, kitty, iTerm2, half-blocks and ASCII. Besides not crashing, the output must
/// carry the picture: kitty's and iTerm2's payloads decode back to exactly its pixels, libsixel
/// reads the sixel image back at its size, cell art has the cells asked for.
enum EncoderFuzzTarget {
    static func run(_ input: UnsafeRawBufferPointer) throws {
        var input = FuzzInput(input)
        let image = input.image()
        try checkResizes(image, &input)
        try checkSixel(image, &input)
        try checkKitty(image, &input)
        try checkITerm(image, &input)
        try checkCellArt(image, &input)
    }

    private static func checkResizes(_ image: RGBImage, _ input: inout FuzzInput) throws {
        let width = input.int(in: -2...80), height = input.int(in: -2...80)
        let empty = width <= 0 || height <= 0 || image.width == 0 || image.height == 0
        let resized = image.resized(width: width, height: height)
        try check(empty ? resized.width == 0 && resized.height == 0 : resized.width == width && resized.height == height,
                  "encoders: \(image) resized to \(width)x\(height) is \(resized)")
        let filled = image.aspectFill(width: width, height: height)
        try check(empty || (filled.width == width && filled.height == height),
                  "encoders: \(image) filling \(width)x\(height) is \(filled)")
        let fitted = image.aspectFit(width: width, height: height)
        try check(empty || ((1...width).contains(fitted.width) && (1...height).contains(fitted.height)),
                  "encoders: \(image) fitted in \(width)x\(height) is \(fitted)")
        let cells = image.cellsCovered(cellWidth: input.int(in: -1...30), cellHeight: input.int(in: -1...60))
        try check(cells.columns >= 1 && cells.rows >= 1, "encoders: \(image) covers \(cells) cells")
    }

    private static func checkSixel(_ image: RGBImage, _ input: inout FuzzInput) throws {
        let registers = input.int(in: 2...256)
        let quantized = input.int(in: 2...registers)
        guard let sixel = try? SixelEncoder.encode(image, registers: registers, quantizedRegisters: quantized) else {
            try check(image.width == 0 || image.height == 0, "encoders: sixel refused \(image)")
            return
        }
        // Sent at its own size: no padding rows, whatever its height.
        let height = image.height
        let decoded = try? SixelDecoder.decode(sixel)
        try check(decoded?.width == image.width && decoded?.height == height,
                  "encoders: sixel of \(image) (\(registers) registers, \(quantized) quantised) "
                  + "reads back as \(decoded.map { "\($0)" } ?? "nothing")")
    }

    private static func checkKitty(_ image: RGBImage, _ input: inout FuzzInput) throws {
        let id = UInt32(input.int(in: 0...65535)), columns = input.int(in: 0...300), rows = input.int(in: 0...100)
        let output = input.bool() ? KittyGraphics.transmitAndPlace(image, id: id, columns: columns, rows: rows)
                                  : KittyGraphics.transmit(image, id: id)
        guard let commands = TerminalPayload.kittyCommands(output) else {
            throw FuzzFinding("encoders: kitty output for \(image) is not a series of graphics commands")
        }
        try check(commands.allSatisfy { $0.payload.count <= KittyGraphics.maxChunkLength },
                  "encoders: a kitty chunk for \(image) is over \(KittyGraphics.maxChunkLength) bytes")
        try check(commands.last?.keys.hasSuffix("m=0") == true, "encoders: the last kitty chunk for \(image) says more follows")
        let pixels = TerminalPayload.base64Decoded(commands.flatMap(\.payload))
        try check(pixels == image.pixels, "encoders: kitty's payload for \(image) is not its pixels")
    }

    private static func checkITerm(_ image: RGBImage, _ input: inout FuzzInput) throws {
        let columns = input.int(in: 0...300), rows = input.int(in: 0...100)
        guard let output = try? ITermImage.encode(image, columns: columns, rows: rows) else {
            try check(image.width == 0 || image.height == 0, "encoders: iTerm2 refused \(image)")
            return
        }
        // ESC ] 1337;File=…:<base64> BEL
        let payload = output.split(separator: UInt8(ascii: ":"), maxSplits: 1).last?.dropLast() ?? []
        let png = TerminalPayload.base64Decoded(Array(payload))
        let decoded = png.flatMap { try? PNGCodec.decode($0) }
        try check(decoded?.pixels == image.pixels && decoded?.width == image.width,
                  "encoders: iTerm2's PNG for \(image) does not decode to its pixels")
    }

    private static func checkCellArt(_ image: RGBImage, _ input: inout FuzzInput) throws {
        let columns = input.int(in: -1...60), rows = input.int(in: -1...30)
        let fit: PictureFit = input.bool() ? .contain : .crop
        let depth = input.pick(ColorDepth.allCases)
        let art = input.bool() ? CellArt.halfBlocks(from: image, columns: columns, rows: rows, fit: fit)
                               : CellArt.ascii(from: image, columns: columns, rows: rows, fit: fit, colored: input.bool())
        try check(art.columns == max(0, columns) && art.rows == max(0, rows) && art.cells.count == art.columns * art.rows,
                  "encoders: cell art of \(image) for \(columns)x\(rows) is \(art.columns)x\(art.rows), \(art.cells.count) cells")
        for row in 0..<art.rows {
            _ = art.ansiLine(row: row, depth: depth)
            _ = art.plainLine(row: row)
        }
    }
}
#endif
