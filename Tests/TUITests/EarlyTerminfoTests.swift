import OperatingSystem
import Testing
@testable import TUI

@Suite(.serialized) struct EarlyTerminfoTests {
    private func entriesInTmp() -> [String] {
        ((try? Directory.names(in: "/tmp")) ?? []).filter { $0.hasPrefix("gallery-terminfo-") }.sorted()
    }

    @Test func theEntryBegunEarlyIsTakenOnceForItsName() throws {
        EarlyTerminfo.begin("xterm-256color")
        let taken = try #require(EarlyTerminfo.take("xterm-256color"), "begun for this name")
        let entry = try #require(taken, "infocmp and tic made it")
        defer { entry.remove() }
        #expect(entry.hasScrollingRegion)
        #expect(try FileStatus(path: entry.directory).kind == .directory)
        // Taken: `Terminal.start` for the fallback description makes its own.
        #expect(EarlyTerminfo.take("xterm-256color") == nil)
    }

    @Test func anEntryBegunForAnotherNameIsRemovedNotUsed() {
        let before = entriesInTmp()
        EarlyTerminfo.begin("screen")
        #expect(EarlyTerminfo.take("xterm-256color") == nil)
        #expect(entriesInTmp() == before)
    }

    @Test func anUnknownTerminalIsTakenAsNoEntry() throws {
        EarlyTerminfo.begin("no-such-terminal-anywhere")
        let taken = try #require(EarlyTerminfo.take("no-such-terminal-anywhere"))
        #expect(taken == nil)
    }
}
