import Glibc
import OperatingSystem
import TestSupport
import Testing

/// Names that are not UTF-8 read as text with U+FFFD, which may be another file's name.
@Suite struct NameEncodingTests {
    /// Makes an empty file named by `name`'s bytes in `folder`.
    static func touch(_ folder: String, _ name: [UInt8]) throws {
        let path = Array(folder.utf8) + [UInt8(ascii: "/")] + name + [0]
        let descriptor = path.withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT, 0o600) } }
        try #require(descriptor >= 0)
        close(descriptor)
    }

    @Test func aNameThatIsNotUTF8IsMarkedAndItsLookAlikeIsNot() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try Self.touch(folder.path, Array("c".utf8) + [0xFF] + Array(".jpg".utf8))
        try Self.touch(folder.path, Array("c\u{FFFD}.jpg".utf8))
        let entries = try Directory.entries(in: folder.path).sorted { $0.isExact && !$1.isExact }
        #expect(entries.count == 2)
        // Both read "c�.jpg"; only one of them is that name.
        #expect(entries.map(\.name) == ["c\u{FFFD}.jpg", "c\u{FFFD}.jpg"])
        #expect(entries.map(\.isExact) == [true, false])
    }
}
