public import TerminalVocabulary

/// Escape sequences of the kitty terminal graphics protocol
/// (https://sw.kovidgoyal.net/kitty/graphics-protocol/), as understood by kitty, Ghostty, WezTerm
/// and Konsole. Every command carries `q=2`, so the terminal never answers and nothing has to be
/// read back; only `supportQuery` asks for a reply.
public enum KittyGraphics {
    /// The most base64 bytes one escape sequence may carry (the protocol's limit).
    public static let maxChunkLength = 4096

    /// Transmits `image` as `pixels` (raw 24-bit RGB, or a PNG file) under `id` and places it at
    /// the cursor, scaled to `columns` x `rows` cells.
    ///
    /// The payload is base64 in chunks of at most `maxChunkLength` bytes, one `ESC _ G … ESC \`
    /// each: the first carries all keys and `m=1` (more follows), later ones only `m`, the last
    /// `m=0`. Transmitting under an id that is already in use replaces that image.
    public static func transmitAndPlace(_ image: RGBImage, id: UInt32, columns: Int, rows: Int,
                                        pixels: KittyPicture.Pixels = .rgb) -> [UInt8] {
        chunked(image, as: pixels, action: "a=T", keys: "i=\(id),c=\(columns),r=\(rows),q=2")
    }

    /// Transmits `image` as `pixels` under `id` with a virtual placement of `columns` x `rows`
    /// cells (`U=1`), every command wrapped for tmux's passthrough (`tmuxPassthrough`): the
    /// picture then shows wherever its Unicode placeholder cells are written as text
    /// (`KittyPlaceholders.rows`), which tmux moves, clips and hides with its pane like any text.
    public static func transmitForPlaceholders(_ image: RGBImage, id: UInt32, columns: Int, rows: Int,
                                               pixels: KittyPicture.Pixels = .rgb) -> [UInt8] {
        tmuxPassthrough(chunked(image, as: pixels, action: "a=T", keys: "U=1,i=\(id),c=\(columns),r=\(rows),q=2"))
    }

    /// `commands` (kitty APC strings, one after another) each wrapped in tmux's passthrough,
    /// `ESC P tmux ; <the command with every ESC doubled> ESC \`: tmux (with `allow-passthrough`
    /// on) hands the command to the terminal outside it. One wrapper a command keeps each within
    /// what tmux buffers of one string.
    public static func tmuxPassthrough(_ commands: [UInt8]) -> [UInt8] {
        var output = [UInt8]()
        output.reserveCapacity(commands.count + commands.count / maxChunkLength * 16 + 16)
        var index = commands.startIndex
        while index < commands.endIndex {
            // Each command ends at its ST; the payload is base64 and the keys ASCII, so no other ESC.
            let end = (index..<commands.endIndex - 1).first {
                commands[$0] == 0x1B && commands[$0 + 1] == TerminalEscape.stringTerminator[1]
            }.map { $0 + 2 } ?? commands.endIndex
            output += Array("\u{1B}Ptmux;".utf8)
            for byte in commands[index..<end] {
                output.append(byte)
                if byte == 0x1B { output.append(byte) }
            }
            output += TerminalEscape.stringTerminator
            index = end
        }
        return output
    }

    /// Transmits `image` as `pixels` under `id` without showing it (`a=t`), chunked like
    /// `transmitAndPlace`; `place` shows it afterwards, as often as wanted.
    public static func transmit(_ image: RGBImage, id: UInt32, pixels: KittyPicture.Pixels = .rgb) -> [UInt8] {
        chunked(image, as: pixels, action: "a=t", keys: "i=\(id),q=2")
    }

    /// Shows the already transmitted image `id` (again) at the cursor, scaled to `columns` x `rows`
    /// cells, without sending its pixels. The cursor stays put (`C=1`): moved below a picture on
    /// the bottom rows it would scroll the screen.
    public static func place(id: UInt32, columns: Int, rows: Int) -> [UInt8] {
        command("a=p,i=\(id),c=\(columns),r=\(rows),C=1,q=2")
    }

    /// Removes every placement of image `id` from the screen; the terminal keeps its data, so
    /// `place` can show it again.
    public static func deletePlacements(id: UInt32) -> [UInt8] {
        command("a=d,d=i,i=\(id),q=2")
    }

    /// Removes every placement of image `id` from the screen and frees its data in the terminal.
    public static func free(id: UInt32) -> [UInt8] {
        command("a=d,d=I,i=\(id),q=2")
    }

    /// The id `supportQuery` uses; a terminal with graphics support answers
    /// `ESC _ G i=31;OK ESC \`.
    public static let queryID: UInt32 = 31

    /// Asks whether the terminal supports the protocol by querying a 1x1 RGB image (`a=q`
    /// stores nothing). Terminals without support ignore it, so send a DA1 (`CSI c`) after it:
    /// an answer to DA1 with no kitty reply before it means no support.
    public static let supportQuery: [UInt8] = {
        var output = [UInt8]()
        appendCommand("i=\(queryID),s=1,v=1,a=q,t=d,f=24", payload: Base64.encode([0, 0, 0])[...], to: &output)
        return output
    }()

    /// `image` as `pixels` in base64 chunks, the first one carrying `action`, the format's keys and
    /// `keys`. A PNG that cannot be made (no memory) is sent as RGB: the picture matters more than
    /// its bytes.
    private static func chunked(_ image: RGBImage, as pixels: KittyPicture.Pixels, action: String, keys: String) -> [UInt8] {
        let png = pixels == .png ? try? PNGCodec.encode(image) : nil
        // A PNG says its own size.
        let format = png == nil ? "f=24,s=\(image.width),v=\(image.height)" : "f=100"
        let keys = "\(action),\(format),\(keys)"
        let payload = Base64.encode(png ?? image.pixels)
        var output = [UInt8]()
        output.reserveCapacity(payload.count + payload.count / maxChunkLength * 16 + keys.utf8.count + 16)
        var start = 0
        repeat {
            let end = min(payload.count, start + maxChunkLength)
            let more = end < payload.count ? "m=1" : "m=0"
            appendCommand(start == 0 ? "\(keys),\(more)" : more, payload: payload[start..<end], to: &output)
            start = end
        } while start < payload.count
        return output
    }

    private static func command(_ keys: String) -> [UInt8] {
        var output = [UInt8]()
        appendCommand(keys, payload: [][...], to: &output)
        return output
    }

    /// `ESC _ G keys[;payload] ESC \`.
    private static func appendCommand(_ keys: String, payload: ArraySlice<UInt8>, to output: inout [UInt8]) {
        output.append(contentsOf: TerminalEscape.applicationCommand)
        output.append(UInt8(ascii: "G"))
        output.append(contentsOf: keys.utf8)
        if !payload.isEmpty {
            output.append(UInt8(ascii: ";"))
            output.append(contentsOf: payload)
        }
        output.append(contentsOf: TerminalEscape.stringTerminator)
    }
}
