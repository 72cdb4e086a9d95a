import Imaging
import Testing
@testable import Gallery

@Suite struct TimelineTests {
    private func date(_ year: Int, _ month: Int, _ day: Int) -> PhotoDate? { PhotoDate(year: year, month: month, day: day) }

    @Test func sectionsAreRunsOfOnePeriodFoldersInNone() {
        let timeline = Timeline(dates: [nil, nil, date(2023, 7, 1), date(2023, 7, 30), date(2023, 8, 1), date(2024, 8, 1)],
                                isNewestFirst: false)
        #expect(timeline.sections(by: .month) == [
            TimelineSection(period: DatePeriod(year: 2023, month: 7), indices: 2..<4),
            TimelineSection(period: DatePeriod(year: 2023, month: 8), indices: 4..<5),
            TimelineSection(period: DatePeriod(year: 2024, month: 8), indices: 5..<6),
        ])
        #expect(timeline.sections(by: .year).map(\.indices) == [2..<5, 5..<6])
        #expect(timeline.sections(by: .day).count == 4)
        #expect(timeline.sections(by: .none).isEmpty)
        #expect(Timeline(dates: [nil], isNewestFirst: false).sections(by: .month).isEmpty)
    }

    @Test func newestFirstListsMakeSectionsInTheirOwnOrder() {
        let timeline = Timeline(dates: [date(2024, 1, 2), date(2024, 1, 1), date(2023, 12, 31)], isNewestFirst: true)
        #expect(timeline.sections(by: .month).map(\.period) == [DatePeriod(year: 2024, month: 1), DatePeriod(year: 2023, month: 12)])
    }
}
