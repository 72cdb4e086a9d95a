import TUI
import Testing
@testable import Gallery
import TerminalVocabulary

@MainActor
@Suite("Search flow")
struct SearchFlowTests {
    @Test func searchPushesResultsAndEscReturnsToTheGridAsItWas() async {
        let app = SceneHarness()
        await app.startWithFirstPage()
        app.press(.right, .right, .down)
        // 100 columns: 4 per row; right, right, down is photo 7 (index 6).
        #expect(app.statusLine.contains("7 of 30"))
        let selected = app.grids[0].view.selectedPhoto

        app.press(.character("/"))
        #expect(app.statusLine.hasPrefix("search:"))
        app.type("red fox")
        #expect(app.statusLine.hasPrefix("search: red fox"))
        app.press(.enter)

        #expect(app.navigator.depth == 2)
        #expect(app.grids.count == 2)
        #expect(app.grids[1].viewModel.feed == .search("red fox"))
        await app.source.searches.until { $0.pendingKeys == ["red fox/1"] }
        app.source.searches.resolve("red fox/1", with: .success([.sample("s1"), .sample("s2")]))
        await app.grids[1].viewModel.until { app.grids[1].viewModel.photos.count == 2 }
        #expect(app.statusLine.contains("search \"red fox\" · 2 photos"))

        // Results → detail → back → back.
        app.press(.right, .enter)
        #expect(app.navigator.depth == 3)
        await app.source.details.until { $0.pendingKeys == ["s2"] }
        app.press(.escape)
        #expect(app.navigator.depth == 2)
        #expect(app.grids[1].view.selectedPhoto?.id == "s2")
        app.press(.escape)
        #expect(app.navigator.depth == 1)
        #expect(app.grids.count == 1)
        #expect(app.navigator.top === app.grids[0].view)
        #expect(app.grids[0].view.selectedPhoto == selected)
        #expect(app.statusLine.contains("30 photos · 7 of 30"))
        // The main feed was not fetched again.
        #expect(app.source.pageCalls == [1])
    }

    @Test func escOnTheMainGridDoesNothing() async {
        let app = SceneHarness()
        await app.startWithFirstPage()
        app.press(.escape)
        #expect(app.navigator.depth == 1)
        #expect(app.grids.count == 1)
    }

    @Test func escInThePromptCancelsAndCtrlUClears() async {
        let app = SceneHarness()
        await app.startWithFirstPage()
        app.press(.character("/"))
        app.type("abc")
        app.press(.ctrl("u"))
        #expect(app.statusLine.trimmingTrailingSpaces == "search:")
        app.type("q?")
        #expect(app.statusLine.hasPrefix("search: q?"), "q and ? are text here, not quit and help")
        #expect(!app.navigator.handle(.ctrl("c")), "Ctrl-C goes on to quit")
        app.press(.escape)
        #expect(app.navigator.depth == 1)
        #expect(app.statusLine.contains("gallery · fake · ascii"))
        // A blank query searches nothing.
        app.press(.character("/"), .character(" "), .enter)
        #expect(app.navigator.depth == 1)
        #expect(app.source.searches.calls.isEmpty)
    }

    @Test func aSourceThatCannotSearchSaysSo() async {
        let app = SceneHarness(searchable: false)
        await app.startWithFirstPage()
        app.press(.character("/"))
        #expect(app.navigator.depth == 1)
        #expect(app.statusLine.hasPrefix(" this source cannot search"))
        // Typing now moves the grid as usual, and the note goes away.
        app.press(.character("l"))
        #expect(!app.statusLine.contains("cannot search"))
        #expect(app.statusLine.contains("2 of 30"))
    }

    @Test func searchKeyCanBeRebound() async {
        // "s" and "S" order a library: the config file refuses them, so the test takes a free key.
        let app = SceneHarness { $0.keyMap.rebind(.search, to: "F") }
        await app.startWithFirstPage()
        app.press(.character("/"))
        #expect(!app.statusLine.hasPrefix("search:"))
        app.press(.character("F"))
        #expect(app.statusLine.hasPrefix("search:"))
    }

    @Test func anEmptyResultSaysNothingMatched() async {
        let app = SceneHarness()
        await app.startWithFirstPage()
        app.press(.character("/"))
        app.type("zzz")
        app.press(.enter)
        await app.source.searches.until { $0.pendingKeys == ["zzz/1"] }
        app.source.searches.resolve("zzz/1", with: .success([]))
        await app.grids[1].viewModel.until { app.grids[1].viewModel.reachedEnd }
        #expect(app.draw().contains { $0.contains("No photos match \"zzz\"") })
    }

    @Test func wideQueryKeepsTheStatusBarAligned() async {
        let app = SceneHarness(size: CellSize(columns: 50, rows: 24))
        await app.startWithFirstPage()
        app.press(.character("/"))
        app.type("東京の夜景と富士山の写真をたくさん見たい")
        app.press(.enter)
        app.source.searches.answerImmediately { _ in .success([.sample("t1")]) }
        await app.grids[1].viewModel.until { app.grids[1].viewModel.photos.count == 1 }
        let status = app.statusLine
        #expect(displayWidth(status) <= 50)
        #expect(status.contains("…"))
        // The query is cut, then the right side at the bar's edge; every column is accounted for.
        #expect(status.hasPrefix(" search \"東京の夜景"))
        #expect(displayWidth(status) == 49)
    }
}

extension String {
    var trimmingTrailingSpaces: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
