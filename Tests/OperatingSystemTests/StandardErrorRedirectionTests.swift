import Glibc
import OperatingSystem
import TestSupport
import Testing

@Suite(.serialized) struct StandardErrorRedirectionTests {
    @Test func whatIsWrittenToStandardErrorMeanwhileIsTakenLineByLine() throws {
        var before = stat()
        #expect(fstat(2, &before) == 0)
        let redirection = try StandardErrorRedirection()
        try FileDescriptor.standardError.write(all: Array("from a C library\nand half a".utf8))
        #expect(redirection.takeLines() == ["from a C library"])
        try FileDescriptor.standardError.write(all: Array(" line\nthe last, unended".utf8))
        #expect(redirection.takeLines() == ["and half a line"])
        #expect(redirection.restore() == ["the last, unended"])
        // Put back: descriptor 2 is the one there was.
        var after = stat()
        #expect(fstat(2, &after) == 0 && after.st_ino == before.st_ino && after.st_dev == before.st_dev)
    }

    @Test func aLibraryThatPrintsMoreThanThePipeHoldsIsNotStopped() throws {
        let redirection = try StandardErrorRedirection()
        let line = Array((String(repeating: "x", count: 99) + "\n").utf8)
        // 1 MB, sixteen times what the pipe holds: a write that waited would never end.
        for _ in 0..<10_000 { _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) } }
        let lines = redirection.restore()
        #expect(!lines.isEmpty && lines.count < 10_000, "\(lines.count)")
    }

    @Test func linesGoToTheLogAsWarnings() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let log = FilePath(folder.path + "/state/gallery/gallery.log")
        StandardErrorRedirection.appendWarnings(["Unknown OBU type 0 of size 6197"], toLogAt: log)
        StandardErrorRedirection.appendWarnings(["second"], toLogAt: log)
        let text = String(decoding: try File.read(log, maxBytes: 1 << 10), as: UTF8.self)
        let lines = text.split(separator: "\n")
        #expect(lines.count == 2 && lines[0].hasSuffix("Z warning gallery: Unknown OBU type 0 of size 6197")
                && lines[1].hasSuffix(" warning gallery: second"), "\(text)")
        #expect(try FileStatus(path: log).kind == .regular)
    }
}
