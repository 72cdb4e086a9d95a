import Imaging
import TUI
import TerminalVocabulary

/// A block of a photo's dominant colour (`photo.color`, `#rrggbb`), drawn with the terminal's colours.
enum ColorSwatch {
    /// `#rrggbb` (the `#` optional) as a colour; nil for anything else.
    static func rgb(fromHex text: String) -> RGB? {
        let hex = text.hasPrefix("#") ? text.dropFirst() : Substring(text)
        guard hex.count == 6, let value = UInt32(hex, radix: 16) else { return nil }
        return RGB(UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF))
    }

    /// `columns` cells of the colour; nil when the terminal shows no colour or the text is no colour.
    static func image(hex: String, columns: Int, depth: ColorDepth) -> TerminalImage? {
        guard depth != .none, columns > 0, let color = rgb(fromHex: hex) else { return nil }
        let art = CellArt(columns: columns, rows: 1,
                          cells: Array(repeating: CellArt.Cell(character: " ", background: color), count: columns))
        return TerminalImage(id: "swatch/\(hex)/\(columns)", size: CellSize(columns: columns, rows: 1),
                             lines: [art.ansiLine(row: 0, depth: depth)])
    }
}
