import Foundation
import OperatingSystem
import Testing
import TestSupport

/// `--log` names the log by its bytes.
@Suite struct LogPathEndToEndTests {
    @Test func aLogPathThatIsNotUTF8IsWrittenAsItsOwnBytes() throws {
        let gallery = try #require(galleryExecutable())
        let scratch = try TemporaryDirectory(), folder = scratch.path
        defer { scratch.remove() }
        // The log is set up, its first line written (--verbose), then the missing path ends the app.
        let script = "exec '\(gallery)' --verbose --log \"$(printf '\(folder)/logs\\377/gallery\\377.log')\" '\(folder)/missing'"
        let result = try runProgram(["/bin/sh", "-c", script], environment: ["TERM": "xterm-256color", "PATH": "/usr/bin:/bin"],
                                    timeLimit: .seconds(30))
        #expect(result.status == 1, "\(result.stderr)")
        #expect(!result.stderr.contains("cannot write the log file"), "\(result.stderr)")
        let log = FilePath(bytes: Array("\(folder)/logs".utf8) + [0xFF] + Array("/gallery".utf8) + [0xFF] + Array(".log".utf8))
        let text = String(decoding: try File.read(log, maxBytes: 1 << 20), as: UTF8.self)
        #expect(text.contains("configuration"), "\(text)")
        // The look-alike spelled with U+FFFD is another name, never made.
        #expect(!FileManager.default.fileExists(atPath: folder + "/logs\u{FFFD}"))
    }
}
