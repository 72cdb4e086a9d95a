/// Follows the bytes a full-screen program wrote to a terminal and records every write or erase that
/// lands on a sixel image drawn earlier: the cursor is tracked through the moves ncurses uses (CUP,
/// VPA, CHA, CUU/CUD/CUF/CUB, CR, LF, BS, DECSC/DECRC, DECSTBM), erases are EL, EL1, EL2, ECH and
/// ED, and an image's cells come from its raster attributes and the cell size in pixels. Lines
/// moved by SU, SD, IL, DL, RI, IND, NEL or a LF at the bottom margin move the pixels on them as
/// xterm does: an image wholly inside the moving lines before and after moves with them; one their
/// edges cut is left in pieces, no longer tracked (the app is expected to write over them). Every
/// move is listed in `lineMoves`.
struct ImageDamageTracker {
    struct Image: Equatable {
        var row: Int, column: Int, rows: Int, columns: Int

        func covers(row r: Int, columns range: ClosedRange<Int>) -> Bool {
            (row..<(row + rows)).contains(r) && range.overlaps(column...(column + columns - 1))
        }
    }

    let screenColumns: Int
    let screenRows: Int
    let cellWidth: Int
    let cellHeight: Int
    /// Images drawn and not damaged since.
    private(set) var images: [Image] = []
    private(set) var sixelCount = 0
    /// What damaged an image, e.g. "EL1 at row 33 (1-based) over the image at 27,1".
    private(set) var damage: [String] = []
    /// Every line move, e.g. "SD 13 of rows 1-39, 4 pictures on them" (rows 1-based).
    private(set) var lineMoves: [String] = []
    /// Pictures a line move cut in pieces.
    private(set) var cutPictures = 0
    private var row = 0
    private var column = 0
    private var saved = (row: 0, column: 0)
    /// Between rmcup and smcup: nothing is tracked.
    private var onMainScreen = false
    /// The scrolling margins (DECSTBM), 0-based and inclusive.
    private var margins: ClosedRange<Int>

    init(screenColumns: Int, screenRows: Int, cellWidth: Int, cellHeight: Int) {
        self.screenColumns = screenColumns
        self.screenRows = screenRows
        self.cellWidth = cellWidth
        self.cellHeight = cellHeight
        margins = 0...(screenRows - 1)
    }

    mutating func feed(_ bytes: [UInt8]) {
        var i = 0
        while i < bytes.count {
            let byte = bytes[i]
            if byte == 0x1B, i + 1 < bytes.count {
                i = escape(bytes, at: i)
                continue
            }
            if onMainScreen {
                i += 1
                continue
            }
            switch byte {
            case 0x0D: column = 0
            case 0x0A:
                if row == margins.upperBound { moveLines("LF at the bottom margin", rows: margins, by: 1) } else { row += 1 }
            case 0x08: column = max(0, column - 1)
            case 0x20..<0x7F, 0xC0...0xFF:  // a character (UTF-8 continuation bytes do not move)
                hit("a character", row: row, columns: column...column)
                column += 1
            default: break
            }
            i += 1
        }
    }

    /// Handles the escape sequence at `start`; returns the index after it.
    private mutating func escape(_ bytes: [UInt8], at start: Int) -> Int {
        switch bytes[start + 1] {
        case UInt8(ascii: "["):
            var end = start + 2
            while end < bytes.count, !(0x40...0x7E).contains(bytes[end]) { end += 1 }
            guard end < bytes.count else { return bytes.count }
            control(parameters: Array(bytes[(start + 2)..<end]), final: bytes[end])
            return end + 1
        case UInt8(ascii: "P"):
            let end = stringTerminator(bytes, from: start + 2)
            sixel(Array(bytes[(start + 2)..<min(end, bytes.count)]))
            return end + 2
        case UInt8(ascii: "]"), UInt8(ascii: "_"):
            return stringTerminator(bytes, from: start + 2) + 2
        case UInt8(ascii: "7"):
            saved = (row, column)
        case UInt8(ascii: "8"):
            (row, column) = saved
        case UInt8(ascii: "("), UInt8(ascii: ")"):
            return start + 3
        case UInt8(ascii: "M") where !onMainScreen:
            if row == margins.lowerBound { moveLines("RI", rows: margins, by: -1) } else { row = max(0, row - 1) }
        case UInt8(ascii: "D") where !onMainScreen, UInt8(ascii: "E") where !onMainScreen:
            if row == margins.upperBound { moveLines(bytes[start + 1] == UInt8(ascii: "D") ? "IND" : "NEL", rows: margins, by: 1) } else { row += 1 }
            if bytes[start + 1] == UInt8(ascii: "E") { column = 0 }
        default: break
        }
        return start + 2
    }

    private func stringTerminator(_ bytes: [UInt8], from index: Int) -> Int {
        var end = index
        while end + 1 < bytes.count, !(bytes[end] == 0x1B && bytes[end + 1] == UInt8(ascii: "\\")) { end += 1 }
        return end + 1 < bytes.count ? end : bytes.count
    }

    private mutating func control(parameters: [UInt8], final: UInt8) {
        if parameters.first == UInt8(ascii: "?") {
            // Leaving the alternate screen (rmcup): what follows (the shell) is not drawn over the
            // pictures, which stay listed as they were; entering it again starts a clear screen.
            let modes = String(decoding: parameters.dropFirst(), as: UTF8.self).split(separator: ";")
            if modes.contains(where: { ["47", "1047", "1049"].contains($0) }) {
                if final == UInt8(ascii: "l") { onMainScreen = true }
                if final == UInt8(ascii: "h") {
                    onMainScreen = false
                    images.removeAll()
                    margins = 0...(screenRows - 1)
                }
            }
            return
        }
        guard !onMainScreen else { return }
        guard parameters.first.map({ (0x30...0x3B).contains($0) }) ?? true else { return }  // other private controls
        let numbers = String(decoding: parameters, as: UTF8.self).split(separator: ";", omittingEmptySubsequences: false)
            .map { Int($0) ?? 0 }
        let first = numbers.first ?? 0
        let count = max(1, first)
        switch Character(UnicodeScalar(final)) {
        case "H", "f":
            row = max(1, first) - 1
            column = max(1, numbers.count > 1 ? numbers[1] : 1) - 1
        case "A": row -= count
        case "B": row += count
        case "C": column += count
        case "D": column = max(0, column - count)
        case "G": column = count - 1
        case "d": row = count - 1
        case "r":
            let top = max(1, first) - 1
            let bottom = (numbers.count > 1 && numbers[1] > 0 ? numbers[1] : screenRows) - 1
            margins = top <= bottom ? top...bottom : 0...(screenRows - 1)
            (row, column) = (0, 0)
        case "K":
            let span = first == 1 ? 0...column : first == 2 ? 0...(screenColumns - 1) : column...(screenColumns - 1)
            hit(["EL", "EL1", "EL2"][min(first, 2)], row: row, columns: span)
        case "X": hit("ECH", row: row, columns: column...(column + count - 1))
        case "J":
            for r in (first == 0 ? row : 0)..<screenRows { hit("ED", row: r, columns: 0...(screenColumns - 1)) }
        case "S", "T":
            moveLines("\(final == UInt8(ascii: "S") ? "SU" : "SD") \(count)", rows: margins, by: final == UInt8(ascii: "S") ? count : -count)
        case "L", "M":
            guard margins.contains(row) else { break }
            moveLines("\(final == UInt8(ascii: "L") ? "IL" : "DL") \(count)", rows: row...margins.upperBound,
                      by: final == UInt8(ascii: "L") ? -count : count)
        default: break
        }
    }

    /// A sixel at the cursor: `body` runs from its parameters to its data (`P… q "Pan;Pad;Ph;Pv …`).
    private mutating func sixel(_ body: [UInt8]) {
        guard let q = body.firstIndex(of: UInt8(ascii: "q")) else { return }
        sixelCount += 1
        var raster = body[(q + 1)...].prefix { $0 != UInt8(ascii: "#") && $0 >= 0x20 }
        guard raster.first == UInt8(ascii: "\"") else { return }
        raster = raster.dropFirst()
        let numbers = String(decoding: raster, as: UTF8.self).split(separator: ";").compactMap { Int($0) }
        guard numbers.count == 4 else { return }
        let image = Image(row: row, column: column, rows: (numbers[3] + cellHeight - 1) / cellHeight,
                          columns: (numbers[2] + cellWidth - 1) / cellWidth)
        images.removeAll { $0 == image }
        images.append(image)
    }

    /// Lines `rows` moved up by `distance` (down when negative): the pixels on them moved with them.
    private mutating func moveLines(_ what: String, rows: ClosedRange<Int>, by distance: Int) {
        let hits = images.filter { rows.overlaps($0.row...($0.row + $0.rows - 1)) }
        let move = "\(what) of rows \(rows.lowerBound + 1)-\(rows.upperBound + 1)"
        lineMoves.append(hits.isEmpty ? move : "\(move), \(hits.count) pictures on them")
        images = images.compactMap { image in
            guard hits.contains(image) else { return image }
            var moved = image
            moved.row -= distance
            let inside = { (image: Image) in rows.contains(image.row) && rows.contains(image.row + image.rows - 1) }
            guard inside(image), inside(moved) else {
                cutPictures += 1
                return nil
            }
            return moved
        }
    }

    private mutating func hit(_ what: String, row: Int, columns: ClosedRange<Int>) {
        let hits = images.filter { $0.covers(row: row, columns: columns) }
        guard !hits.isEmpty else { return }
        damage += hits.map { "\(what) at row \(row + 1), columns \(columns.lowerBound + 1)-\(columns.upperBound + 1), over the image at \($0.row + 1),\($0.column + 1)" }
        images.removeAll { hits.contains($0) }
    }
}
