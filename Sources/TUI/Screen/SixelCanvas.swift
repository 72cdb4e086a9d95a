import TerminalVocabulary

/// Sixel pictures pasted side by side into one: indexed pixels read back from the sixel bytes the
/// renderer made, then written as one sixel image whose unpainted pixels are transparent (P2=1),
/// so the blank screen between the pictures shows through. tmux does the same with
/// every sixel it stores (`image-sixel.c` reads it into pixels and writes it again for the
/// terminal outside), so nothing is lost on the way that was not lost already.
///
/// The registers of all the pictures share the terminal's `registers`: when their colours
/// together are more, they are merged (weighted median cut over the palettes) into that many.
struct SixelCanvas {
    struct Colour: Hashable {
        var r, g, b: UInt8
        init(_ r: UInt8, _ g: UInt8, _ b: UInt8) { (self.r, self.g, self.b) = (r, g, b) }
    }

    let width: Int
    let height: Int
    /// Per pixel: 0 for unpainted, else 1 + an index into `colours`.
    private(set) var pixels: [UInt16]
    private(set) var colours: [Colour]

    init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        pixels = Array(repeating: 0, count: self.width * self.height)
        colours = []
    }

    /// The pixels of one sixel image (`ESC P … q … ESC \`) as the renderer writes them: RGB
    /// registers (`#n;2;r;g;b`), raster attributes, repeats, `$` and `-`. nil for anything else
    /// (an HLS register, a byte sixel does not have), which the caller sends as it is instead.
    init?(sixel bytes: [UInt8]) {
        guard let start = bytes.firstIndex(of: UInt8(ascii: "q")), bytes.starts(with: [0x1B, UInt8(ascii: "P")]) else { return nil }
        var registers: [Int: Colour] = [:]
        var painted: [(x: Int, y: Int, register: Int)] = []
        var declared = (width: 0, height: 0)
        var x = 0, top = 0, register = 0, extent = (width: 0, height: 0)
        var index = start + 1
        func numbers() -> [Int] {
            var values: [Int] = []
            var current: Int?
            while index < bytes.count {
                let byte = bytes[index]
                if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                    current = (current ?? 0) * 10 + Int(byte - UInt8(ascii: "0"))
                } else if byte == UInt8(ascii: ";") {
                    values.append(current ?? 0)
                    current = nil
                } else { break }
                index += 1
            }
            if let current { values.append(current) }
            return values
        }
        func paint(_ byte: UInt8, count: Int) {
            let bits = Int(byte) - 0x3F
            if bits != 0 {
                for bit in 0..<6 where bits & (1 << bit) != 0 {
                    for step in 0..<count { painted.append((x + step, top + bit, register)) }
                }
                extent.height = max(extent.height, top + 6)
            }
            x += count
            extent.width = max(extent.width, x)
        }
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                let values = numbers()
                if values.count >= 4 { declared = (values[2], values[3]) }
            case UInt8(ascii: "#"):
                let values = numbers()
                guard let number = values.first else { return nil }
                if values.count == 5 {
                    guard values[1] == 2 else { return nil }
                    func channel(_ percent: Int) -> UInt8 { UInt8((min(100, max(0, percent)) * 255 + 50) / 100) }
                    registers[number] = Colour(channel(values[2]), channel(values[3]), channel(values[4]))
                }
                register = number
            case UInt8(ascii: "!"):
                let count = numbers().first ?? 1
                guard index < bytes.count, (0x3F...0x7E).contains(bytes[index]) else { return nil }
                paint(bytes[index], count: count)
                index += 1
            case UInt8(ascii: "$"): x = 0
            case UInt8(ascii: "-"):
                x = 0
                top += 6
            case 0x3F...0x7E: paint(byte, count: 1)
            case 0x1B: index = bytes.count  // ESC \ ends it
            case 0x00..<0x20: continue
            default: return nil
            }
        }
        // The raster attributes give the size; pixels a last band paints beyond it are not the image's.
        self.init(width: declared.width > 0 ? declared.width : extent.width,
                  height: declared.height > 0 ? declared.height : extent.height)
        var colourOfRegister: [Int: UInt16] = [:]
        for (register, rgb) in registers.sorted(by: { $0.key < $1.key }) {
            colours.append(rgb)
            colourOfRegister[register] = UInt16(colours.count)
        }
        for pixel in painted where pixel.x < width && pixel.y < height {
            guard let colour = colourOfRegister[pixel.register] else { return nil }
            pixels[pixel.y * width + pixel.x] = colour
        }
    }

    /// `other`'s painted pixels over this canvas, its top-left pixel at (`x`, `y`); what falls
    /// outside is cut.
    mutating func paste(_ other: SixelCanvas, x: Int, y: Int) {
        let base = UInt16(colours.count)
        colours += other.colours
        for row in 0..<other.height where y + row >= 0 && y + row < height {
            for column in 0..<other.width where x + column >= 0 && x + column < width {
                let value = other.pixels[row * other.width + column]
                if value != 0 { pixels[(y + row) * width + x + column] = value + base }
            }
        }
    }

    /// The canvas as one sixel image with at most `registers` colour registers, its unpainted
    /// pixels left as they are on the screen (P2=1). Register 0 is `background`, selected by no
    /// pixel: tmux before 3.6 drops P2 and writes the picture without it, and the terminal then
    /// fills the unpainted pixels with register 0 (P2=0), which should look like the screen.
    func sixel(registers: Int, background: Colour) -> [UInt8] {
        let (merged, mergedMapping) = Self.merged(colours, weights: weights, into: max(1, registers - 1))
        let palette = [background] + merged
        let mapping = mergedMapping.map { $0 + 1 }
        var out = Array("\u{1B}P0;1;0q\"1;1;\(width);\(height)".utf8)
        for (number, colour) in palette.enumerated() {
            out += Array("#\(number);2;\(Self.percent(colour.r));\(Self.percent(colour.g));\(Self.percent(colour.b))".utf8)
        }
        var bits = [UInt8](repeating: 0, count: palette.count * width)
        for top in stride(from: 0, to: height, by: 6) {
            var span: [Int: (first: Int, last: Int)] = [:]
            for row in top..<min(height, top + 6) {
                for column in 0..<width {
                    let value = pixels[row * width + column]
                    guard value != 0 else { continue }
                    let register = mapping[Int(value) - 1]
                    bits[register * width + column] |= 1 << (row - top)
                    let known = span[register]
                    span[register] = (min(known?.first ?? column, column), max(known?.last ?? column, column))
                }
            }
            if top > 0 { out.append(UInt8(ascii: "-")) }
            for (number, (register, range)) in span.sorted(by: { $0.key < $1.key }).enumerated() {
                if number > 0 { out.append(UInt8(ascii: "$")) }
                out += Array("#\(register)".utf8)
                Self.run(of: 0x3F, count: range.first, into: &out)
                var column = range.first
                while column <= range.last {
                    let value = bits[register * width + column]
                    var end = column + 1
                    while end <= range.last, bits[register * width + end] == value { end += 1 }
                    Self.run(of: 0x3F + value, count: end - column, into: &out)
                    column = end
                }
                for column in range.first...range.last { bits[register * width + column] = 0 }
            }
        }
        out += Array("\u{1B}\\".utf8)
        return out
    }

    /// How many pixels each colour paints: what the merged palette is fitted to.
    private var weights: [Int] {
        var counts = [Int](repeating: 0, count: colours.count)
        for value in pixels where value != 0 { counts[Int(value) - 1] += 1 }
        return counts
    }

    private static func run(of byte: UInt8, count: Int, into out: inout [UInt8]) {
        guard count > 0 else { return }
        if count > 3 {
            out += Array("!\(count)".utf8)
            out.append(byte)
        } else {
            out += Array(repeating: byte, count: count)
        }
    }

    static func percent(_ channel: UInt8) -> Int { (Int(channel) * 100 + 127) / 255 }

    /// `colours` as at most `limit` registers: the colours themselves when they fit (equal ones
    /// sharing a register), else a weighted median cut: the box of colours with the most weight
    /// times spread is split at its weighted median along its widest channel until there are
    /// `limit`, each box then one register of its weighted mean. Returns the palette and each
    /// colour's register.
    static func merged(_ colours: [Colour], weights: [Int], into limit: Int) -> (palette: [Colour], mapping: [Int]) {
        var distinct: [Colour: Int] = [:]
        var palette: [Colour] = []
        let exact = colours.map { colour in
            if let known = distinct[colour] { return known }
            palette.append(colour)
            distinct[colour] = palette.count - 1
            return palette.count - 1
        }
        guard palette.count > limit else { return (palette, exact) }
        var paletteWeights = [Int](repeating: 0, count: palette.count)
        for (colour, weight) in zip(exact, weights) { paletteWeights[colour] += max(1, weight) }
        func channels(_ colour: Colour) -> [Int] { [Int(colour.r), Int(colour.g), Int(colour.b)] }
        func widest(_ box: [Int]) -> (channel: Int, spread: Int) {
            (0..<3).map { channel in
                let values = box.map { channels(palette[$0])[channel] }
                return (channel, (values.max() ?? 0) - (values.min() ?? 0))
            }.max { $0.spread < $1.spread } ?? (0, 0)
        }
        var boxes = [Array(palette.indices)]
        while boxes.count < limit {
            let scored = boxes.indices.map { index -> (index: Int, score: Int) in
                let box = boxes[index]
                guard box.count > 1 else { return (index, -1) }
                return (index, widest(box).spread * box.reduce(0) { $0 + paletteWeights[$1] })
            }
            guard let best = scored.max(by: { $0.score < $1.score }), best.score >= 0 else { break }
            let channel = widest(boxes[best.index]).channel
            let sorted = boxes[best.index].sorted { channels(palette[$0])[channel] < channels(palette[$1])[channel] }
            let total = sorted.reduce(0) { $0 + paletteWeights[$1] }
            var cut = 1, running = paletteWeights[sorted[0]]
            while cut < sorted.count - 1, running * 2 < total {
                running += paletteWeights[sorted[cut]]
                cut += 1
            }
            boxes[best.index] = Array(sorted[..<cut])
            boxes.append(Array(sorted[cut...]))
        }
        var registerOfColour = [Int](repeating: 0, count: palette.count)
        let merged = boxes.enumerated().map { register, box -> Colour in
            var sums = (r: 0, g: 0, b: 0, weight: 0)
            for colour in box {
                let weight = paletteWeights[colour]
                sums.r += Int(palette[colour].r) * weight
                sums.g += Int(palette[colour].g) * weight
                sums.b += Int(palette[colour].b) * weight
                sums.weight += weight
                registerOfColour[colour] = register
            }
            let weight = max(1, sums.weight)
            return Colour(UInt8((sums.r + weight / 2) / weight), UInt8((sums.g + weight / 2) / weight),
                       UInt8((sums.b + weight / 2) / weight))
        }
        return (merged, exact.map { registerOfColour[$0] })
    }
}
