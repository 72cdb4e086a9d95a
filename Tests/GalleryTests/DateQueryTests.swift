import Imaging
import OperatingSystem
import Testing
@testable import Gallery

/// The date phrases `t`, `--since` and `--until` take, and the spans of time they stand for.
@Suite("Date phrases")
struct DateQueryTests {
    private func date(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0) -> PhotoDate {
        PhotoDate(year: year, month: month, day: day, hour: hour)!
    }

    /// A Wednesday afternoon.
    private var now: PhotoDate { date(2024, 3, 6, 15) }

    @Test(arguments: [
        ("2023", DateQuery.Span.year(2023)),
        ("2023-07", .month(year: 2023, month: 7)),
        ("2023/7", .month(year: 2023, month: 7)),
        ("2023-07-14", .day(year: 2023, month: 7, day: 14)),
        ("2023.07.14", .day(year: 2023, month: 7, day: 14)),
        ("20230714", .day(year: 2023, month: 7, day: 14)),
        ("july 2023", .month(year: 2023, month: 7)),
        ("July 2023", .month(year: 2023, month: 7)),
        ("jul 2023", .month(year: 2023, month: 7)),
        ("Jul. 2023", .month(year: 2023, month: 7)),
        ("2023 july", .month(year: 2023, month: 7)),
        ("sept 2023", .month(year: 2023, month: 9)),
        ("14 july 2023", .day(year: 2023, month: 7, day: 14)),
        ("14th Jul 2023", .day(year: 2023, month: 7, day: 14)),
        ("july 14 2023", .day(year: 2023, month: 7, day: 14)),
        ("July 14, 2023", .day(year: 2023, month: 7, day: 14)),
        ("2023 jul 14", .day(year: 2023, month: 7, day: 14)),
        ("29 feb 2024", .day(year: 2024, month: 2, day: 29)),
        ("july", .monthOfYear(7)),
        ("today", .relative(.today)),
        ("  Yesterday ", .relative(.yesterday)),
        ("last week", .relative(.lastWeek)),
        ("last  month", .relative(.lastMonth)),
        ("last year", .relative(.lastYear)),
        ("this week", .relative(.thisWeek)),
        ("this month", .relative(.thisMonth)),
        ("this year", .relative(.thisYear)),
    ])
    func everyFormReads(_ text: String, _ span: DateQuery.Span) throws {
        let query = try DateQuery(parsing: text)
        #expect(query.span == span)
        // What `--print-config` writes reads back the same.
        #expect(try DateQuery(parsing: query.description) == query)
    }

    @Test(arguments: ["julyy", "julyy 2023", "2023-13", "2023-02-30", "2023-02-29", "32 july 2023", "2023-7-", "",
                      "next week", "14 july", "july 2023 14 9", "99", "9999", "0000", "2023-07-14T10:00", "-2023", "2023-07/14",
                      "2023071", "202307145"])
    func badInputIsAnsweredInASentence(_ text: String) {
        #expect(throws: DateQuery.Problem(text: text)) { try DateQuery(parsing: text) }
        #expect(DateQuery.Problem(text: text).description == "'\(text)' is not a date: try 2023-07, july 2023 or yesterday")
    }

    @Test func spansRunFromTheirFirstSecondToTheNextSpansFirst() throws {
        #expect(try DateQuery(parsing: "2023").range(today: now) == date(2023, 1, 1)..<date(2024, 1, 1))
        #expect(try DateQuery(parsing: "2023-12").range(today: now) == date(2023, 12, 1)..<date(2024, 1, 1))
        #expect(try DateQuery(parsing: "2024-02").range(today: now) == date(2024, 2, 1)..<date(2024, 3, 1))
        #expect(try DateQuery(parsing: "2023-12-31").range(today: now) == date(2023, 12, 31)..<date(2024, 1, 1))
        #expect(try DateQuery(parsing: "29 feb 2024").range(today: now) == date(2024, 2, 29)..<date(2024, 3, 1))
    }

    /// Relative words count from today's date, whatever its time; weeks begin on Monday.
    @Test func relativeWordsCountFromToday() throws {
        func range(_ text: String, _ today: PhotoDate) throws -> Range<PhotoDate> { try DateQuery(parsing: text).range(today: today) }
        #expect(try range("today", now) == date(2024, 3, 6)..<date(2024, 3, 7))
        #expect(try range("yesterday", now) == date(2024, 3, 5)..<date(2024, 3, 6))
        #expect(try range("yesterday", date(2024, 3, 1)) == date(2024, 2, 29)..<date(2024, 3, 1))
        #expect(try range("this week", now) == date(2024, 3, 4)..<date(2024, 3, 11))
        #expect(try range("last week", now) == date(2024, 2, 26)..<date(2024, 3, 4))
        // On a Monday and on a Sunday, the week is still Monday's.
        #expect(try range("last week", date(2024, 3, 4, 0)) == date(2024, 2, 26)..<date(2024, 3, 4))
        #expect(try range("last week", date(2024, 3, 10, 23)) == date(2024, 2, 26)..<date(2024, 3, 4))
        // Before 1970 too.
        #expect(try range("this week", date(1969, 12, 31)) == date(1969, 12, 29)..<date(1970, 1, 5))
        #expect(try range("this month", now) == date(2024, 3, 1)..<date(2024, 4, 1))
        #expect(try range("last month", now) == date(2024, 2, 1)..<date(2024, 3, 1))
        #expect(try range("last month", date(2024, 1, 15)) == date(2023, 12, 1)..<date(2024, 1, 1))
        #expect(try range("this year", now) == date(2024, 1, 1)..<date(2025, 1, 1))
        #expect(try range("last year", now) == date(2023, 1, 1)..<date(2024, 1, 1))
        // A month alone is the latest that has begun.
        #expect(try range("march", now) == date(2024, 3, 1)..<date(2024, 4, 1))
        #expect(try range("july", now) == date(2023, 7, 1)..<date(2023, 8, 1))
    }

    /// Today is the user's clock's date at the moment given.
    @Test func todayIsTheLocalDate() {
        let seconds = 1_700_000_000
        let local = LocalTime(secondsSince1970: seconds)
        #expect(DateQuery.today(secondsSince1970: seconds) == PhotoDate(year: local.year, month: local.month, day: local.day,
                                                                        hour: local.hour, minute: local.minute,
                                                                        second: local.second))
    }

    @Test func sentencesNameTheSpan() throws {
        #expect(try DateQuery(parsing: "14 jul 2023").phrase(today: now) == "on 14 Jul 2023")
        #expect(try DateQuery(parsing: "2023-07").phrase(today: now) == "in July 2023")
        #expect(try DateQuery(parsing: "july").phrase(today: now) == "in July 2023")
        #expect(try DateQuery(parsing: "2023").phrase(today: now) == "in 2023")
        #expect(try DateQuery(parsing: "last week").phrase(today: now) == "last week")
    }

    /// The locale's month names are read besides English ones; `C` has English alone.
    @Test func theLocalesMonthNamesAreReadToo() throws {
        let german = MonthNames(environment: ["LANG": "de_DE.UTF-8"])
        #expect(try DateQuery(parsing: "Juli 2023", monthNames: german).span == .month(year: 2023, month: 7))
        #expect(try DateQuery(parsing: "14. März 2024", monthNames: german).span == .day(year: 2024, month: 3, day: 14))
        #expect(try DateQuery(parsing: "july 2023", monthNames: german).span == .month(year: 2023, month: 7))
        let french = MonthNames(environment: ["LANG": "en_US.UTF-8", "LC_TIME": "fr_FR.UTF-8"])
        #expect(try DateQuery(parsing: "14 juillet 2023", monthNames: french).span == .day(year: 2023, month: 7, day: 14))
        #expect(try DateQuery(parsing: "févr. 2024", monthNames: french).span == .month(year: 2024, month: 2))
        for plain in [MonthNames(environment: ["LANG": "C"]), MonthNames(environment: [:])] {
            #expect(plain == .english)
            #expect(throws: DateQuery.Problem.self) { try DateQuery(parsing: "Juli 2023", monthNames: plain) }
        }
    }
}
