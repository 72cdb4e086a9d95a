import Foundation
import Imaging
import OperatingSystem
import Testing
@testable import TUI

/// Against a real tmux 3.6a server of its own (`-L`): the pane's `allow-passthrough` turned on and
/// put back, and placeholder cells kept by tmux as the cells they name.
@Suite(.serialized) struct TmuxPlaceholderTests {
    static let tmux = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/tools/tmux-3.6a/bin/tmux").path
    static var enabled: Bool { FileManager.default.isExecutableFile(atPath: tmux) }
    static let absent = Comment(rawValue: "needs \(tmux) (../shared/tools/build-tmux.sh)")

    /// A tmux server on a socket of its own running `command` in its one pane, and a script that
    /// runs this tmux on that socket (what `TmuxClient.program` runs), removed at the end.
    struct Server {
        let socket = "gallery-placeholders-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let folder: URL
        let program: String

        init(command: String) throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent(socket)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            program = folder.appendingPathComponent("tmux").path
            try "#!/bin/sh\nexec '\(TmuxPlaceholderTests.tmux)' -L \(socket) \"$@\"\n".write(toFile: program, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: program)
            // The server forks from this client: with signals at their defaults, or it would keep
            // the test runner's blocked ones and never reap its panes nor end at kill-server.
            let started = try ChildProcess.start([FilePath(program), "-f", "/dev/null", "new-session", "-d", "-x", "60", "-y", "20",
                                                  FilePath(command)], signalsAtDefault: true)
            #expect(try started.waitForSuccess())
        }

        @discardableResult
        func run(_ arguments: [String]) throws -> String {
            let output = try #require(ChildProcess.output(of: [program] + arguments, timeout: .seconds(5)), "\(arguments)")
            return String(decoding: output, as: UTF8.self)
        }

        func stop() {
            // tmux leaves its socket file behind.
            let socketPath = (try? run(["display-message", "-p", "#{socket_path}"]))?.split(separator: "\n").first
            _ = ChildProcess.output(of: [program, "kill-server"], timeout: .seconds(5))
            if let socketPath { try? FileManager.default.removeItem(atPath: String(socketPath)) }
            try? FileManager.default.removeItem(at: folder)
        }

        func client() throws -> TmuxClient {
            var client = try #require(TmuxClient(reply: try run(["display-message", "-p", TmuxClient.format])))
            client.program = program
            return client
        }
    }

    @Test(.enabled(if: enabled, absent)) func passthroughIsTurnedOnForThePaneAndPutBack() throws {
        let server = try Server(command: "sleep 30")
        defer { server.stop() }
        let client = try server.client()
        #expect(client.pane == "%0" && !client.allowsPassthrough)
        let grant = try #require(client.allowPassthrough())
        #expect(try server.run(["display-message", "-p", "#{allow-passthrough}"]) == "on\n")
        #expect(try server.client().allowPassthrough() == nil, "on already: nothing to do")
        grant.restore()
        #expect(try server.run(["show-options", "-p", "-q", "-v", "allow-passthrough"]) == "", "the pane's own value is gone again")
        #expect(try server.run(["display-message", "-p", "#{allow-passthrough}"]) == "off\n")
        // A pane that had its own "off" gets it back.
        try server.run(["set-option", "-p", "allow-passthrough", "off"])
        try #require(try server.client().allowPassthrough()).restore()
        #expect(try server.run(["show-options", "-p", "-q", "-v", "allow-passthrough"]) == "off\n")
    }

    @Test(.enabled(if: enabled, absent)) func tmuxKeepsEachPlaceholderCellWithItsIdRowAndColumn() throws {
        let id: UInt32 = 0x07_0102
        let rows = KittyPlaceholders.rows(id: id, columns: 5, rows: 3)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("placeholders-\(getpid()).txt")
        try rows.joined(separator: "\r\n").write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let server = try Server(command: "printf '\\033[3;4H'; cat '\(file.path)'; sleep 30")
        defer { server.stop() }
        // The pane shows the file once cat wrote it: the last row's cells are there.
        var captured = ""
        for _ in 0..<50 where !captured.contains("\u{10EEEE}\u{030E}\u{0305}") {
            captured = try server.run(["capture-pane", "-p", "-e"])
            usleep(100_000)
        }
        // capture-pane writes each screen row on its own line, with its colours as SGR.
        let bytes = captured.split(separator: "\n", omittingEmptySubsequences: false).enumerated().flatMap {
            ImageLayerBytes.cursorPosition(row: $0.offset, column: 0) + Array($0.element.utf8)
        }
        let cells = KittyPlaceholderLayerTests.placeholderCells(bytes)
        // The first row starts where the cursor was sent (row 3, column 4); the next rows at the line start.
        let expected = (0..<3).flatMap { row in
            (0..<5).map { column in
                KittyPlaceholderLayerTests.Cell(id: id, row: row, column: column, screenRow: 2 + row,
                                                screenColumn: (row == 0 ? 3 : 0) + column)
            }
        }
        #expect(cells == expected)
    }
}
