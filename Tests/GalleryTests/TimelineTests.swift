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

    @Test func sectionsCountTheirVideosAndFollowItemsLeavingAndComingBack() {
        // Folder, July: photo, video; August: video; August 2024: photo.
        let timeline = Timeline(dates: [nil, date(2023, 7, 1), date(2023, 7, 30), date(2023, 8, 1), date(2024, 8, 1)],
                                videos: [2, 3], isNewestFirst: false)
        #expect(timeline.sections(by: .month).map(\.videoCount) == [1, 1, 0])
        #expect(timeline.sections(by: .month).map(\.summary) == ["1 photo, 1 video", "1 video", "1 photo"])
        #expect(timeline.sections(by: .year).map(\.summary) == ["1 photo, 2 videos", "1 photo"])
        // August 2023's video trashed, then back.
        let without = timeline.removing(at: [3])
        #expect(without.sections(by: .month).map(\.summary) == ["1 photo, 1 video", "1 photo"])
        #expect(without.inserting(date(2023, 8, 1), isVideo: true, at: 3) == timeline)
    }

    @Test func newestFirstListsMakeSectionsInTheirOwnOrder() {
        let timeline = Timeline(dates: [date(2024, 1, 2), date(2024, 1, 1), date(2023, 12, 31)], isNewestFirst: true)
        #expect(timeline.sections(by: .month).map(\.period) == [DatePeriod(year: 2024, month: 1), DatePeriod(year: 2023, month: 12)])
    }
}
