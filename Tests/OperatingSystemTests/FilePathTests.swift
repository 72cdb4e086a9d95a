import Glibc
import OperatingSystem
import TestSupport
import Testing

/// A path is its bytes: names that are not UTF-8 are read, shown and opened as the folder holds them.
@Suite struct FilePathTests {
    static let invalid = FilePath(bytes: Array("c".utf8) + [0xFF] + Array(".jpg".utf8))
    static let lookAlike = FilePath("c\u{FFFD}.jpg")

    @Test func bytesThatAreNotUTF8AreShownEscapedAndSoIsTheLookAlikesReplacementCharacter() {
        #expect(Self.invalid.description == "c\\xFF.jpg")
        // Drawn, U+FFFD is dropped (it is what invalid bytes decode to): the look-alike would read "c.jpg".
        #expect(Self.lookAlike.description == "c\\u{FFFD}.jpg")
        #expect(Self.invalid.text == nil)
        #expect(Self.lookAlike.text == "c\u{FFFD}.jpg")
        // A sequence cut short, a stray continuation byte, an over-long encoding: each byte escaped.
        #expect(FilePath(bytes: [0xC3, 0x28, 0x80, 0xC0, 0xAF, 0x41]).description == "\\xC3(\\x80\\xC0\\xAFA")
        #expect(FilePath("/é/日本.jpg").description == "/é/日本.jpg")
    }

    @Test func aNameSpelledLikeAnEscapeShowsOtherwiseThanTheBytesItSpells() {
        // The text "c\xFF.jpg" (a backslash, x, F, F) is a valid name of its own.
        let spelled = FilePath("c\\xFF.jpg")
        #expect(spelled.description == "c\\\\xFF.jpg")
        #expect(spelled.description != Self.invalid.description)
        #expect(spelled != Self.invalid)
    }

    @Test func controlAndInvisibleCharactersAreShownEscapedEachOneWay() {
        #expect(FilePath("a\u{1B}[2Jb.jpg").description == "a\\x1B[2Jb.jpg")
        #expect(FilePath("two\nlines\u{7F}.gif").description == "two\\x0Alines\\x7F.gif")
        // A C1 control is a character here, the byte 0x9B alone is not UTF-8: two names, two spellings.
        #expect(FilePath("\u{9B}dir").description == "\\u{009B}dir")
        #expect(FilePath(bytes: [0x9B] + Array("dir".utf8)).description == "\\x9Bdir")
        #expect(FilePath("\u{202E}gpj.exe").description == "\\u{202E}gpj.exe")
        // Escaped, a name holds no byte that acts on a terminal.
        #expect(FilePath("a\u{1B}]52;c;aGVsbG8=\u{07}").description.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F })
    }

    /// What a path shows as reads back as that path, whatever its bytes: every byte alone and
    /// beside others, the look-alikes, escapes spelled literally, invisible characters.
    @Test func whatAPathShowsAsReadsBackAsThatPath() {
        var paths = (0...255).map { FilePath(bytes: Array("/a/".utf8) + [UInt8($0)] + Array("b.jpg".utf8)) }
        paths += [Self.invalid, Self.lookAlike, FilePath("c\\xFF.jpg"), FilePath("/x/\\\\u{FFFD}"), FilePath("\u{200B}\u{202E}gpj.exe"),
                  FilePath("日本/写真 1.JPG"), FilePath(bytes: [0xE2, 0x82]), FilePath(bytes: [0xF0, 0x9F, 0x98, 0x80, 0xC3]), ""]
        for path in paths {
            #expect(FilePath(shown: path.description) == path, "\(path.bytes) shows as \(path.description.debugDescription)")
        }
    }

    /// Text no path shows as is no path: an escape of no byte or character, one written another
    /// way than a path shows it (a letter escaped, hex digits in lower case), a bare backslash.
    @Test func textNoPathShowsAsIsNoPath() {
        for text in ["a\\q", "a\\", "\\x4", "\\x41", "\\xff", "\\u{fffd}", "\\u{FFFD", "\\u0041", "\\u{0041}", "\\x+1", "c\u{FFFD}\\"] {
            #expect(FilePath(shown: text) == nil, "\(text.debugDescription)")
        }
        #expect(FilePath(shown: "c\\xFF.jpg") == Self.invalid)
        #expect(FilePath(shown: "c\\\\xFF.jpg") == FilePath("c\\xFF.jpg"))
    }

    @Test func percentEncodingWritesEveryByteButTheUnreservedAndTheKept() {
        #expect(Self.invalid.percentEncoded(keeping: "/") == "c%FF.jpg")
        #expect(Self.lookAlike.percentEncoded(keeping: "/") == "c%EF%BF%BD.jpg")
        #expect(FilePath("/a b/x#%.jpg").percentEncoded(keeping: "/") == "/a%20b/x%23%25.jpg")
        #expect(FilePath("/a&b").percentEncoded(keeping: "") == "%2Fa%26b")
    }

    @Test func partsOfAPathKeepTheirBytes() {
        let path = FilePath("/photos").appending(Self.invalid)
        #expect(path.bytes == Array("/photos/".utf8) + Self.invalid.bytes)
        #expect(path.name == Self.invalid)
        #expect(path.parent == "/photos")
        #expect(FilePath("/a").parent == "/")
        #expect(FilePath("/").appending("x") == "/x")
        #expect(path.dropping(prefix: "/photos/") == Self.invalid)
        #expect(path.dropping(prefix: "/other") == nil)
        #expect(FilePath("/a/.b").isHidden && !FilePath("/.a/b").isHidden)
    }

    @Test func aFolderListsATwinPairAsTwoNamesEachOpeningItsOwnFile() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let base = FilePath(folder.path)
        try File.write([1], to: base.appending(Self.invalid), .creatingNew(permissions: 0o600))
        try File.write([2, 2], to: base.appending(Self.lookAlike), .creatingNew(permissions: 0o600))
        let names = try Directory.entries(in: base).map(\.name)
        #expect(Set(names) == [Self.invalid, Self.lookAlike])
        #expect(try File.read(base.appending(Self.invalid), maxBytes: 10) == [1])
        #expect(try File.read(base.appending(Self.lookAlike), maxBytes: 10) == [2, 2])
        // Removed with the rest of the tree, although its name is no text.
        Directory.removeTree(base)
        #expect(access(folder.path, F_OK) != 0)
    }
}
