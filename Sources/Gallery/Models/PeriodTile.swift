/// A month or a year of a list ordered by date, as a zoomed-out grid shows it (`z`): one tile per
/// section of the list's `Timeline`, its picture its first item's.
public struct PeriodTile: Sendable, Equatable {
    /// The period, and its items' places in the list zoomed out from.
    public let section: TimelineSection
    /// The id of the section's first item, which going back in at this tile selects.
    public let firstItemID: String
    /// The first item is a video: its poster frame is the tile's picture.
    public let coverIsVideo: Bool
}

extension DatePeriod {
    /// "2023", "Jul 2023", "14 Jul 2023": a tile's title, short enough for a narrow cell.
    public var shortTitle: String {
        guard let month, (1...12).contains(month) else { return String(year) }
        let monthYear = "\(MonthNames.englishNames[month - 1].prefix(3)) \(year)"
        return day.map { "\($0) \(monthYear)" } ?? monthYear
    }
}
