import TerminalVocabulary

/// The bytes that put a frame's images on the terminal, written straight after ncurses' update.
enum ImageLayerBytes {
    /// kitty deletions first, then each image with the cursor moved (CUP) to its cells: a text
    /// image line by line, a graphic as its payload at the top-left cell. The block sits inside
    /// DECSC/DECRC so ncurses' idea of the cursor position and attributes stays true (a sixel or
    /// iTerm2 image moves the cursor below itself). Empty when there is nothing to do.
    static func bytes(deletes: [[UInt8]], images: [PlacedImage]) -> [UInt8] {
        guard !deletes.isEmpty || !images.isEmpty else { return [] }
        var out = Array("\u{1B}7".utf8)
        for delete in deletes { out += delete }
        for placed in images {
            if placed.image.isGraphic {
                out += cursorPosition(row: placed.frame.origin.row, column: placed.frame.origin.column)
                out += placed.image.picture.graphicBytes
            } else {
                for (offset, line) in placed.image.lines.prefix(placed.frame.size.rows).enumerated() {
                    out += cursorPosition(row: placed.frame.origin.row + offset, column: placed.frame.origin.column)
                    out += Array(ANSILine(line).slice(from: 0, width: placed.frame.size.columns).utf8)
                }
                out += Array("\u{1B}[0m".utf8)
            }
        }
        out += Array("\u{1B}8".utf8)
        return out
    }

    /// CUP to a 0-based cell.
    static func cursorPosition(row: Int, column: Int) -> [UInt8] {
        Array("\u{1B}[\(row + 1);\(column + 1)H".utf8)
    }
}
