@testable import Imaging

/// Finds the register nearest to a colour (squared RGB distance; ties go to the lower register
/// number) without comparing against all of them: the registers are kept sorted by green, the
/// search starts at a register that is probably close and walks outwards in green order, and stops
/// on each side once the green difference alone is larger than the best distance found.
struct NearestRegister {
    // The registers in green order (ties by number): components and register number.
    private var red: [Int32] = []
    private var green: [Int32] = []
    private var blue: [Int32] = []
    private var number: [Int32] = []
    /// For each register number, its place in green order.
    private var place: [Int]

    init(_ registers: [RGB]) {
        let order = registers.indices.sorted { (registers[$0].g, $0) < (registers[$1].g, $1) }
        place = [Int](repeating: 0, count: registers.count)
        for (position, index) in order.enumerated() {
            let colour = registers[index]
            red.append(Int32(colour.r)); green.append(Int32(colour.g)); blue.append(Int32(colour.b))
            number.append(Int32(index))
            place[index] = position
        }
    }

    /// The register nearest to (r, g, b); `guess` is where the search starts (any register).
    func nearest(_ r: Int32, _ g: Int32, _ b: Int32, guess: Int) -> Int {
        red.withUnsafeBufferPointer { red in
        green.withUnsafeBufferPointer { green in
        blue.withUnsafeBufferPointer { blue in
        number.withUnsafeBufferPointer { number in
            let start = place[guess]
            func distance(_ i: Int) -> Int32 {
                let dr = red[i] - r, dg = green[i] - g, db = blue[i] - b
                return dr * dr + dg * dg + db * db
            }
            var best = distance(start), bestNumber = number[start]
            func consider(_ i: Int) {
                let d = distance(i)
                if d < best || (d == best && number[i] < bestNumber) { best = d; bestNumber = number[i] }
            }
            var i = start + 1
            while i < green.count {
                let dg = green[i] - g
                if dg > 0 && dg * dg > best { break }
                consider(i)
                i += 1
            }
            i = start - 1
            while i >= 0 {
                let dg = green[i] - g
                if dg < 0 && dg * dg > best { break }
                consider(i)
                i -= 1
            }
            return Int(bestNumber)
        }}}}
    }

    /// The register with the green nearest to `g`: a fair place to start when there is no better guess.
    func greenNeighbour(_ g: Int32) -> Int {
        var low = 0, high = green.count - 1
        while low < high {
            let middle = (low + high) / 2
            if green[middle] < g { low = middle + 1 } else { high = middle }
        }
        return Int(number[low])
    }
}
