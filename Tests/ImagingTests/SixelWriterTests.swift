import Testing
@testable import Imaging
import ImagingTestSupport

/// The writer's choices of characters: repeats, colours painting over what a later colour
/// paints, and registers defined only when selected.
@Suite struct SixelWriterTests {
    @Test func aRepeatIsWrittenAsBangAndCountOnlyFromFour() {
        func written(_ count: Int) -> String {
            var buffer = ByteBuffer(capacity: 16)
            buffer.write(reserving: 8) { SixelRuns.write(UInt8(ascii: "~"), count: count, into: &$0) }
            return String(decoding: buffer.bytes, as: UTF8.self)
        }
        // Three repeats cost three bytes either way; the letters are the plainer.
        #expect((1...5).map(written) == ["~", "~~", "~~~", "!4~", "!5~"])
        #expect(written(4096) == "!4096~")
        for count in [1, 2, 3, 4, 9, 10, 99, 100, 999, 1000, 4096] {
            #expect(SixelRuns.cost(count) == written(count).utf8.count, "\(count)")
        }
    }

    /// Grey everywhere but one red pixel (column 5, row 2) and one blue (column 17, row 4).
    static let greyWithTwoDots = TestImages.image((0..<6).map { y in
        (0..<24).map { x in
            x == 5 && y == 2 ? RGB(255, 0, 0) : x == 17 && y == 4 ? RGB(0, 0, 255) : RGB(128, 128, 128)
        }
    })

    @Test func aColourInManyColumnsPaintsOverWhatALaterColourPaints() throws {
        // Grey is in all 24 columns, so it paints them whole (`!24~`) rather than around the dots
        // (`!5~z!11~n!6~`); red and blue, on the next line, paint their pixels over it: red's
        // bit 2 is `C` (63 + 4), blue's bit 4 `O` (63 + 16).
        let bytes = try SixelEncoder.encode(Self.greyWithTwoDots)
        #expect(String(decoding: bytes, as: UTF8.self)
                == "\u{1B}Pq\"1;1;24;6#0;2;50;50;50#1;2;100;0;0#2;2;0;0;100#0!24~$#1!5?C#2!11?O\u{1B}\\")
        let decoded = try SixelDecoder.decode(bytes)
        #expect(zip(decoded.pixels, Self.greyWithTwoDots.pixels).allSatisfy { abs(Int($0) - Int($1)) <= 2 })
    }

    @Test func paintingOverLeavesEveryPixelItsOwnRegister() throws {
        // Few colours in blotches and speckles, at sizes with partial bands: every pixel decodes
        // to its own register's colour, whichever colours painted over it first. The colours
        // are 40 levels apart, so a pixel left with another's colour cannot pass for its own.
        let colours: [RGB] = (0..<18).map { (i: Int) -> RGB in
            let r = 20 + 40 * (i % 6), g = 20 + 40 * (i / 6), b = 200 - 30 * (i % 5)
            return RGB(UInt8(r), UInt8(g), UInt8(b))
        }
        for (seed, width, height) in [(1, 97, 31), (2, 240, 13), (3, 31, 6), (4, 200, 1)] as [(UInt64, Int, Int)] {
            let noise = TestImages.noise(width: width, height: height, seed: seed)
            let indices = (0..<width * height).map { i -> UInt8 in
                let (x, y) = (i % width, i / width)
                // Blotches of one colour with every fifth-ish pixel another: long runs and flicker.
                let blotch = (x / 13 + y / 7) % 5
                return noise.pixels[3 * i] < 50 ? UInt8(5 + Int(noise.pixels[3 * i + 1]) % 13) : UInt8(blotch)
            }
            let image = IndexedImage(width: width, height: height, registers: colours, indices: indices)
            let decoded = try SixelDecoder.decode(SixelWriter.write(image))
            #expect(decoded.width == width && decoded.height == height)
            let exact = (0..<width * height).allSatisfy { i in
                let colour = colours[Int(indices[i])]
                return abs(Int(decoded.pixels[3 * i]) - Int(colour.r)) <= 2
                    && abs(Int(decoded.pixels[3 * i + 1]) - Int(colour.g)) <= 2
                    && abs(Int(decoded.pixels[3 * i + 2]) - Int(colour.b)) <= 2
            }
            #expect(exact, "\(width)x\(height), seed \(seed)")
        }
    }

    @Test func onlyTheRegistersSelectedAreDefined() throws {
        // Register 1 is no pixel's: it is not defined, and the others keep their numbers.
        let image = IndexedImage(width: 3, height: 2, registers: [RGB(0, 0, 0), RGB(9, 9, 9), RGB(255, 255, 255)],
                                 indices: [0, 2, 0, 2, 0, 2])
        let registers = SixelRegisters(SixelWriter.write(image))
        #expect(registers.defined == [0, 2] && registers.selected == [0, 2])
    }
}
