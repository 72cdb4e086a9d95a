@testable import Imaging

/// xterm's 256 colours as sixel registers: the 16 ANSI colours (VGA-like values), the 6x6x6 cube,
/// the 24-step grey ramp. Register `i` is colour `i`. A fixed palette for tests: the same
/// registers for every image make golden bytes that can be worked out by hand, and a baseline
/// the adaptive palette must beat.
enum XtermPalette {
    static let registers: [RGB] = {
        let ansi: [(UInt8, UInt8, UInt8)] = [
            (0, 0, 0), (128, 0, 0), (0, 128, 0), (128, 128, 0), (0, 0, 128), (128, 0, 128), (0, 128, 128), (192, 192, 192),
            (128, 128, 128), (255, 0, 0), (0, 255, 0), (255, 255, 0), (0, 0, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
        ]
        let levels = TerminalPalette.cubeLevels.map { UInt8($0) }
        let cube = levels.flatMap { r in levels.flatMap { g in levels.map { b in RGB(r, g, b) } } }
        let greys = (0..<24).map { UInt8(8 + 10 * $0) }.map { RGB($0, $0, $0) }
        return ansi.map { RGB($0.0, $0.1, $0.2) } + cube + greys
    }()

    /// Each pixel of `image` as its nearest xterm colour (ties: the lower number).
    static func index(_ image: RGBImage) -> IndexedImage {
        let search = NearestRegister(registers)
        let count = image.width * image.height
        var indices = [UInt8](repeating: 0, count: count)
        image.pixels.withUnsafeBufferPointer { pixels in
            var previous: (Int32, Int32, Int32) = (-1, -1, -1), previousIndex = 0
            for i in 0..<count {
                let colour = (Int32(pixels[3 * i]), Int32(pixels[3 * i + 1]), Int32(pixels[3 * i + 2]))
                if colour != previous {
                    previousIndex = search.nearest(colour.0, colour.1, colour.2, guess: search.greenNeighbour(colour.1))
                    previous = colour
                }
                indices[i] = UInt8(previousIndex)
            }
        }
        return IndexedImage(width: image.width, height: image.height, registers: registers, indices: indices)
    }
}

extension XtermPalette {
    /// `image` as a sixel image in this palette.
    static func sixel(_ image: RGBImage) -> [UInt8] {
        SixelWriter.write(index(image))
    }
}
