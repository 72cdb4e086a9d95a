import Foundation
import TerminalVocabulary
import Testing
import TestSupport
@testable import Imaging

/// kitty pictures inside tmux: transmitted through tmux's passthrough with a virtual placement,
/// shown by Unicode placeholder cells.
@Suite struct KittyPlaceholderTests {
    /// The example of kitty's docs/graphics-protocol.rst, "Unicode placeholders": image 42 over
    /// 2x2 cells, U+0305 standing for 0 and U+030D for 1.
    @Test func theProtocolsOwnExample() {
        let rows = KittyPlaceholders.rows(id: 42, columns: 2, rows: 2)
        #expect(rows == ["\u{1B}[38;5;42m\u{10EEEE}\u{0305}\u{0305}\u{10EEEE}\u{0305}\u{030D}\u{1B}[39m",
                         "\u{1B}[38;5;42m\u{10EEEE}\u{030D}\u{0305}\u{10EEEE}\u{030D}\u{030D}\u{1B}[39m"])
    }

    @Test func anIdOf24BitsIsItsForegroundColour() {
        let rows = KittyPlaceholders.rows(id: 0x03_0102, columns: 1, rows: 1)
        #expect(rows.first?.unicodeScalars.starts(with: "\u{1B}[38;2;3;1;2m\u{10EEEE}".unicodeScalars) == true)
    }

    /// kitty's table (gen/rowcolumn-diacritics.txt): 297 combining marks, read back in order.
    @Test func theDiacriticsTable() {
        #expect(KittyPlaceholders.maxCells == 297)
        #expect(KittyPlaceholders.diacritics.prefix(4).map(\.value) == [0x0305, 0x030D, 0x030E, 0x0310])
        #expect(KittyPlaceholders.diacritics.last?.value == 0x1D244)
        #expect(KittyPlaceholders.diacritics.indices.allSatisfy {
            KittyPlaceholders.number(of: KittyPlaceholders.diacritics[$0]) == $0
        })
        #expect(KittyPlaceholders.number(of: "a") == nil)
    }

    @Test func passthroughWrapsEachCommandWithItsEscapesDoubled() throws {
        let image = TestImages.noise(width: 64, height: 64, seed: 3)
        let bytes = KittyGraphics.transmitForPlaceholders(image, id: 0x01_0005, columns: 8, rows: 4)
        // One wrapper a command, each whole: `ESC P tmux ;`, the command with ESCs doubled, `ESC \`.
        let wrappers = String(decoding: bytes, as: UTF8.self).components(separatedBy: "\u{1B}Ptmux;").dropFirst()
        let plain = KittyGraphics.transmitAndPlace(image, id: 0x01_0005, columns: 8, rows: 4)
        #expect(wrappers.count == KittyGraphicsTests.commands(plain).count)
        #expect(wrappers.allSatisfy { $0.hasPrefix("\u{1B}\u{1B}_G") && $0.hasSuffix("\u{1B}\u{1B}\\\u{1B}\\") })
        let parsed = KittyGraphicsTests.commands(KittyPlaceholderTests.unwrap(bytes))
        #expect(parsed.count == KittyGraphicsTests.commands(plain).count)
        #expect(parsed.first?.keys == "a=T,f=24,s=64,v=64,U=1,i=65541,c=8,r=4,q=2,m=1")
        let payload = try #require(Data(base64Encoded: parsed.map(\.payload).joined()))
        #expect([UInt8](payload) == image.pixels)
    }

    /// The commands inside tmux passthrough wrappers, ESCs undoubled: what tmux hands the
    /// terminal outside it.
    static func unwrap(_ bytes: [UInt8]) -> [UInt8] {
        let prefix = Array("\u{1B}Ptmux;".utf8)
        var output: [UInt8] = []
        var index = 0
        while index < bytes.count {
            guard Array(bytes[index..<min(bytes.count, index + prefix.count)]) == prefix else {
                Issue.record("not a passthrough wrapper at \(index)")
                return output
            }
            index += prefix.count
            while index + 1 < bytes.count {
                if bytes[index] == 0x1B, bytes[index + 1] == 0x1B {
                    output.append(0x1B)
                    index += 2
                } else if bytes[index] == 0x1B, bytes[index + 1] == 0x5C {
                    index += 2
                    break
                } else {
                    output.append(bytes[index])
                    index += 1
                }
            }
        }
        return output
    }
}
