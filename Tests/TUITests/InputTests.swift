import Dispatch
import Testing
@testable import TUI

@Suite struct KeyDecoderTests {
    @Test func controlCharactersBecomeNamedKeys() {
        #expect(KeyDecoder.key(forCharacter: 13) == .enter)
        #expect(KeyDecoder.key(forCharacter: 10) == .enter)
        #expect(KeyDecoder.key(forCharacter: 9) == .tab)
        #expect(KeyDecoder.key(forCharacter: 27) == .escape)
        #expect(KeyDecoder.key(forCharacter: 127) == .backspace)
        #expect(KeyDecoder.key(forCharacter: 17) == .ctrl("q"))
        #expect(KeyDecoder.key(forCharacter: 0x9B) == .unknown(0x9B))
    }

    @Test func printableCharactersPassThrough() {
        #expect(KeyDecoder.key(forCharacter: 0x71) == .character("q"))
        #expect(KeyDecoder.key(forCharacter: 0x6771) == .character("東"))
    }
}

@Suite struct ClickTrackerTests {
    @Test func twoQuickPressesOnOneCellAreADoubleClick() {
        var clicks = ClickTracker(interval: 0.3)
        let cell = Point(row: 2, column: 3)
        #expect(clicks.press(at: cell, time: 10.0) == .press)
        #expect(clicks.press(at: cell, time: 10.2) == .doubleClick)
        #expect(clicks.press(at: cell, time: 10.3) == .press)  // a third press starts over
        #expect(clicks.press(at: cell, time: 10.9) == .press)  // too slow
        #expect(clicks.press(at: Point(row: 2, column: 4), time: 11.0) == .press)  // elsewhere
    }
}

@MainActor @Suite struct RedrawSchedulerTests {
    /// Lets everything already queued on the main queue run.
    func nextMainQueueTurn() async {
        await withCheckedContinuation { continuation in
            DispatchQueue.main.async { continuation.resume() }
        }
    }

    @Test func manyRequestsMakeOneRedrawPerTurn() async {
        let scheduler = RedrawScheduler()
        var redraws = 0
        scheduler.action = { redraws += 1 }
        scheduler.setNeedsRedraw()
        scheduler.setNeedsRedraw()
        scheduler.setNeedsRedraw()
        #expect(redraws == 0)
        await nextMainQueueTurn()
        #expect(redraws == 1)
        scheduler.setNeedsRedraw()
        await nextMainQueueTurn()
        #expect(redraws == 2)
    }
}
