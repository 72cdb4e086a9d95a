import Foundation
import TUI
import Testing
@testable import Gallery
import TerminalVocabulary

/// The `?` overlay on a screen too small for it: it scrolls, says so, and still closes.
@MainActor @Suite struct HelpOverlayTests {
    let entries = KeyMap.standard.helpRows

    @Test func atTwentyBySixTheKeysScrollToTheLastLine() async {
        let app = SceneHarness(size: CellSize(columns: 20, rows: 6))
        await app.startWithFirstPage()
        let below = try! #require(app.navigator.top)
        app.navigator.push(HelpView(over: below, navigator: app.navigator))
        var seen = Set<String>()
        var screens: [[String]] = []
        for _ in 0..<200 {
            let rows = app.draw()
            screens.append(rows)
            seen.formUnion(rows.map { $0.trimmingCharacters(in: .whitespaces) })
            if rows.contains(where: { $0.contains(HelpPage.atEnd) }) { break }
            #expect(rows.contains { $0.contains(HelpPage.moreBelow) }, "\(rows)")
            app.press(.character("j"))
            #expect(app.navigator.top !== below, "j scrolls, it does not close")
        }
        let last = try! #require(screens.last)
        #expect(last.contains { $0.contains(HelpPage.atEnd) }, "the end is reached: \(last)")
        // Every key and the words of every action were on the screen at some point.
        for entry in entries {
            for word in (entry.keys + " " + entry.action).split(separator: " ") {
                #expect(seen.contains { $0.contains(word) }, "\(word)")
            }
        }
        app.press(.character("k"))
        #expect(!app.draw().contains { $0.contains(HelpPage.atEnd) })
        app.press(.character("x"))
        #expect(app.navigator.top === below)
    }

    /// At 120 x 40 the keys do not fit one column: they are two, read down, each action wrapped
    /// under itself, and fit.
    @Test func aLongHelpGoesInTwoColumnsWhereTheyFit() {
        let keys = KeyMap.standard.helpRows.map { ($0.keys, $0.action) }
        let page = HelpPage(keys: keys, in: Rect(row: 0, column: 0, columns: 120, rows: 40))
        #expect(!page.scrolls && page.box.size.columns <= 120)
        let first = keys[0], last = keys[keys.count - 1]
        #expect(page.lines.contains { $0.hasPrefix(first.0) && $0.contains(first.1) })
        #expect(page.lines.contains { $0.contains(last.0 + " ") && $0.hasSuffix(last.1) }, "the last key in the right column")
        let tall = HelpPage(keys: keys, in: Rect(row: 0, column: 0, columns: 120, rows: 80))
        #expect(tall.lines.count == keys.count + 4, "one column when it fits")
    }

    @Test func whenTheKeysFitAnyKeyCloses() async {
        let app = SceneHarness(size: CellSize(columns: 120, rows: 40))
        await app.startWithFirstPage()
        let below = try! #require(app.navigator.top)
        app.navigator.push(HelpView(over: below, navigator: app.navigator))
        let rows = app.draw()
        #expect(!rows.contains { $0.contains(HelpPage.moreBelow) })
        app.press(.character("j"))
        #expect(app.navigator.top === below)
    }
}
