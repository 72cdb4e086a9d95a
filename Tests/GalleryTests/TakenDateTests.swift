import Foundation
import Testing
@testable import Gallery

@Suite struct TakenDateTests {
    @Test func showsTheWallClockTimeItWasWrittenWithInTheLocalesWords() {
        let british = Locale(identifier: "en_GB")
        #expect(TakenDate(timestamp: "2023-07-27T11:11:04Z")?.text(locale: british) == "27 Jul 2023 at 11:11")
        // An offset is not converted away: the photo was taken at 11:11 where it was taken.
        #expect(TakenDate(timestamp: "2023-07-27T11:11:04-04:00")?.text(locale: british) == "27 Jul 2023 at 11:11")
        #expect(TakenDate(timestamp: "2023-07-27")?.text(locale: british) == "27 Jul 2023")
        let german = TakenDate(timestamp: "2023-07-27T11:11:04Z")?.text(locale: Locale(identifier: "de_DE")) ?? ""
        #expect(german.contains("Juli") && german.contains("11:11"), "\(german)")
    }

    @Test func nonsenseIsNoDate() {
        for text in ["", "2023", "2023-13-01", "2023-07-32T10:00", "yyyy-mm-dd", "2023/07/27"] {
            #expect(TakenDate(timestamp: text) == nil, "\(text)")
        }
        #expect(TakenDate(timestamp: "2023-07-27T25:00:00Z")?.hour == nil, "a time out of range is left out")
    }
}
