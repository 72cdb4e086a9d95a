import Foundation
import TUI
import Testing
@testable import Gallery

/// The one key map: what each key does where, the help it gives, and the documents that copy it.
@Suite struct KeyMapTests {
    let map = KeyMap.standard

    @Test func keysMeanTheirActionInTheirPlace() {
        #expect(map.actions(for: "j", in: .grid) == [.grid(.down)])
        #expect(map.actions(for: .down, in: .grid) == [.grid(.down)])
        #expect(map.actions(for: "G", in: .grid) == [.grid(.last)])
        #expect(map.actions(for: .ctrl("d"), in: .grid) == [.grid(.halfPageDown)])
        #expect(map.actions(for: .enter, in: .grid) == [.grid(.open)])
        // A zoomed photo pans; else the next photo.
        #expect(map.actions(for: "l", in: .detail) == [.pan(across: 1, down: 0), .nextPhoto])
        #expect(map.actions(for: "y", in: .detail) == [.copy])
        #expect(map.actions(for: "D", in: .detail) == [.trash], "the file keys are the grid's and the detail pane's")
        #expect(map.actions(for: " ", in: .detail) == [.playPause], "marks are made in the grid")
        #expect(map.actions(for: "q", in: .app) == [.quit])
        #expect(map.actions(for: KeyMap.interrupt, in: .app) == [.quit])
        #expect(map.actions(for: "q", in: .grid).isEmpty, "quit is the app's, for keys the scene leaves")
        // Backspace leaves search results (or a zoomed-out grid) first, else zooms out from the top
        // of a grid by date, else goes up a folder.
        #expect(map.actions(for: .backspace, in: .grid) == [.back, .zoomOutAtTop, .goUp])
        #expect(map.actions(for: "z", in: .grid) == [.zoomOut])
        #expect(map.actions(for: " ", in: .helpOverlay) == [.scrollHelpPage(forward: true)])
        #expect(map.actions(for: "Y", in: .question) == [.answerYes])
        #expect(map.actions(for: "X", in: [.grid, .detail, .app]).isEmpty)
        #expect(map.actions(for: "4", in: .grid) == [.label(.rating(4))] && map.actions(for: "4", in: .detail) == [.label(.rating(4))])
        #expect(map.actions(for: "x", in: .grid) == [.label(.flag(.rejected))])
        #expect(map.actions(for: "6", in: .detail) == [.label(.colour(.red))], "darktable's F1 and digiKam's first label")
    }

    /// `?` in `gallery --pick` says what Enter, Esc and q do there, and leaves out the detail pane's keys.
    @Test func thePickersHelpSaysEnterPicks() {
        let rows = map.forPicking.helpRows
        #expect(rows.contains { $0.keys.hasPrefix("Enter") && $0.action.hasPrefix("pick the marked photos") })
        #expect(rows.contains { $0.keys.hasPrefix("q") && $0.action == "quit without picking" })
        #expect(rows.contains { $0.keys.hasPrefix("Esc") && $0.action.hasPrefix("Esc: quit, nothing picked; Backspace: folder above") })
        #expect(rows.contains { $0.keys.hasPrefix("p") && $0.action.contains("Enter prints marks") })
        #expect(!rows.contains { $0.action.contains("detail pane") || $0.action.hasPrefix("play") })
        #expect(map.forPicking.actions(for: .enter, in: .grid) == [.grid(.open)], "the keys themselves stay")
        #expect(map.helpRows.contains { $0.action == "open the detail pane, or a folder" })
    }

    /// Backspace leaves search results, else goes up; Esc leaves search results, else shows every
    /// date again (`--since`); ← → h l pan a zoomed photo, else step.
    @Test func noKeyMeansTwoThingsInOnePlaceButBackspaceEscAndTheSteps() {
        let contexts: [KeyContext] = [.grid, .detail, .helpOverlay, .question]
        for context in contexts {
            var seen: [Key: KeyAction] = [:]
            let reachable = map.groups.filter { $0.context.overlaps(context) }.flatMap(\.bindings)
            for binding in reachable {
                for key in binding.keys {
                    if let other = seen[key], other != binding.action {
                        let allowed: [Key: Set<KeyAction>] = [.backspace: [.back, .zoomOutAtTop, .goUp],
                                                               .escape: [.back, .clearDateFilter]]
                        let panOrStep = [KeyAction.previousPhoto, .nextPhoto].contains(binding.action)
                            && [KeyAction.pan(across: -1, down: 0), .pan(across: 1, down: 0)].contains(other)
                        #expect(Set([other, binding.action]).isSubset(of: allowed[key] ?? []) || panOrStep,
                                "\(key): \(other) and \(binding.action)")
                    }
                    seen[key] = binding.action
                }
            }
        }
    }

    @Test func rebindingReplacesTheFirstKeyAndNamesAClash() {
        var map = map
        #expect(map.clash(binding: "X", to: .quit) == nil)
        map.rebind(.quit, to: "X")
        #expect(map.keys(of: .quit) == ["X", KeyMap.interrupt])
        #expect(map.actions(for: "q", in: .app).isEmpty)
        #expect(map.label(of: .quit) == "X")
        #expect(map.helpRows.last == KeyMap.HelpRow(keys: "X  Ctrl-C", action: "quit", detail: "quit (the terminal is restored)"))
        #expect(map.clash(binding: "u", to: .quit) == "'u' already means undo the last move to the trash or to a folder")
        #expect(map.clash(binding: "l", to: .search) == "'l' already means move the selection")
        // The help overlay and a question take keys of their own: their keys are free elsewhere.
        #expect(map.clash(binding: "Y", to: .quit) == nil)
    }

    @Test func helpRowsReadAsBefore() {
        let rows = Dictionary(map.helpRows.map { ($0.action, $0.keys) }, uniquingKeysWith: { a, _ in a })
        #expect(rows["move the selection"] == "arrows  h j k l")
        #expect(rows["first / last photo"] == "g G  Home End")
        #expect(rows["open the detail pane, or a folder"] == "Enter, double-click")
        #expect(rows["previous / next photo (detail pane)"] == "Left Right  h l")
        #expect(rows["back (detail pane, search results)"] == "Esc  Backspace")
        #expect(rows["up to the folder above (local photos)"] == "Backspace  -")
        #expect(rows["zoom out: months, then years (Enter goes back in)"] == "z Backspace")
        #expect(rows["mark / unmark; invert the marks"] == "Space v")
        #expect(rows["scroll, select"] == "wheel, click")
        #expect(rows["quit"] == "q  Ctrl-C")
        #expect(map.label(of: .previousPhoto) == "←" && map.label(of: .back) == "Esc")
    }

    /// `--help` goes through the argument parser, which wraps at 80 columns when it is not written
    /// to a terminal: a longer key line would break out of its column.
    @Test func everyHelpLineFitsEightyColumns() {
        for line in map.helpText().split(separator: "\n") { #expect(line.count < 80, "too long for --help: \(line)") }
    }

    @Test func theReadmeTableIsTheMap() throws {
        let readme = try String(contentsOf: Self.repository.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains(map.markdownTable + "\n"), "README.md's key table should read:\n\(map.markdownTable)")
    }

    @Test func theManPageListsTheMap() throws {
        // docs/gallery.1 is `make man`'s copy of --help, whose KEYS section is the map's help text.
        let page = try String(contentsOf: Self.repository.appendingPathComponent("docs/gallery.1"), encoding: .utf8)
        #expect(page.contains(map.helpText()), "docs/gallery.1 is out of date: run make man")
    }

    private static var repository: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }
}
