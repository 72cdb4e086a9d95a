public import Foundation

extension DatePeriod {
    /// "July 2023", "14 July 2023" (a day), "2023" (a year): in the locale's words and order, with
    /// its month names where it has them.
    public func text(locale: Locale = .current) -> String {
        guard let month else { return String(year) }
        // A calendar day, not an instant: built and shown in one zone, never converted.
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        guard let date = calendar.date(from: DateComponents(year: year, month: month, day: day ?? 1)) else {
            return day.map { "\(year)-\(month)-\($0)" } ?? "\(year)-\(month)"
        }
        let style = Date.FormatStyle(locale: locale, calendar: calendar, timeZone: calendar.timeZone)
        return date.formatted(day == nil ? style.month(.wide).year() : style.day().month(.wide).year())
    }
}

extension TimelineSection {
    /// A grid's heading: "July 2023 · 39 photos, 3 videos".
    public func heading(locale: Locale = .current) -> String {
        "\(period.text(locale: locale)) · \(summary)"
    }
}
