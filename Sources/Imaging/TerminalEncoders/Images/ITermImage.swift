/// iTerm2's inline image escape sequence (also understood by WezTerm, Konsole and mintty).
public enum ITermImage {
    /// `image` as a PNG file sent inline, stretched to exactly `columns` x `rows` cells:
    /// `ESC ] 1337 ; File=inline=1;size=N;width=COLS;height=ROWS;preserveAspectRatio=0:<base64> BEL`,
    /// where N is the PNG's size in bytes. Pass an image already resized for the cells (aspect
    /// kept by the caller), so the terminal scales as little as possible.
    ///
    /// PNG rather than JPEG because it is lossless and the images sent are small.
    public static func encode(_ image: RGBImage, columns: Int, rows: Int) throws -> [UInt8] {
        let png = try PNGCodec.encode(image)
        let header = "1337;File=inline=1;size=\(png.count);width=\(columns);height=\(rows);preserveAspectRatio=0:"
        let payload = Base64.encode(png)
        var output = [UInt8]()
        output.reserveCapacity(payload.count + header.utf8.count + 3)
        output.append(contentsOf: TerminalEscape.operatingSystemCommand)
        output.append(contentsOf: header.utf8)
        output.append(contentsOf: payload)
        output.append(TerminalEscape.bell)
        return output
    }
}
