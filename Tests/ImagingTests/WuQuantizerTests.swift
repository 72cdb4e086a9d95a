import Testing
@testable import Imaging

@Suite struct WuQuantizerTests {
    /// Runs the quantiser over `colors` (as pixels) for `registers` registers.
    private func quantize(_ colors: [RGB], registers: Int) -> WuQuantizer {
        let pixels = colors.flatMap { [$0.r, $0.g, $0.b] }
        return pixels.withUnsafeBufferPointer { WuQuantizer(pixels: $0.baseAddress!, count: colors.count, colors: registers) }
    }

    @Test func separateClustersGetTheirOwnMeans() {
        // Four tight clusters far apart, of different sizes: with four registers each cluster is
        // one box, whose register is its exact mean.
        let centres = [RGB(20, 30, 200), RGB(220, 40, 40), RGB(60, 200, 90), RGB(240, 240, 230)]
        var colors: [RGB] = []
        for (n, centre) in centres.enumerated() {
            for i in 0..<(50 * (n + 1)) {
                let d = UInt8(i % 3)  // 0, 1, 2: a mean of 1 over a multiple of 3 pixels
                colors.append(RGB(centre.r + d, centre.g + d, centre.b + d))
            }
        }
        let wu = quantize(colors, registers: 4)
        #expect(Set(wu.registers) == Set(centres.map { RGB($0.r + 1, $0.g + 1, $0.b + 1) }))
        for color in colors {
            let register = wu.registers[Int(wu.boxOfCell[WuQuantizer.cell(color.r, color.g, color.b)])]
            #expect(abs(Int(register.r) - Int(color.r)) <= 2 && abs(Int(register.b) - Int(color.b)) <= 2)
        }
    }

    @Test func theFirstSplitSeparatesTheMostDistantGroups() {
        // Two registers for three groups: dark and mid grey close together, white far away. The
        // one cut that removes the most error puts white alone.
        let colors = [RGB](repeating: RGB(10, 10, 10), count: 100) + [RGB](repeating: RGB(40, 40, 40), count: 100)
            + [RGB](repeating: RGB(250, 250, 250), count: 100)
        #expect(Set(quantize(colors, registers: 2).registers) == [RGB(25, 25, 25), RGB(250, 250, 250)])
    }

    @Test func theBusiestRegisterComesFirst() {
        // A sixel selects a register by its number: the one most pixels take gets the fewest digits.
        let colors = [RGB](repeating: RGB(250, 0, 0), count: 10) + [RGB](repeating: RGB(0, 250, 0), count: 30)
            + [RGB](repeating: RGB(0, 0, 250), count: 20)
        #expect(quantize(colors, registers: 3).registers == [RGB(0, 250, 0), RGB(0, 0, 250), RGB(250, 0, 0)])
    }

    @Test func oneColourNeedsOneRegister() {
        let wu = quantize([RGB](repeating: RGB(9, 99, 199), count: 64), registers: 16)
        #expect(wu.registers == [RGB(9, 99, 199)])
    }
}
