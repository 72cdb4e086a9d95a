import Foundation
import Imaging

/// A photo's date and time taken as its source wrote it (ISO 8601: "2023-07-27T11:11:04Z", or
/// with an offset), shown at the wall-clock time it was taken, in the locale's words.
struct TakenDate: Equatable {
    let year: Int, month: Int, day: Int
    let hour: Int?, minute: Int?

    /// Nil unless `timestamp` starts with a date; the time is read when it follows.
    init?(timestamp: String) {
        let digits = Array(timestamp.utf8)
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= digits.count else { return nil }
            return Int(String(decoding: digits[range], as: UTF8.self))
        }
        guard digits.count >= 10, digits[4] == UInt8(ascii: "-"), digits[7] == UInt8(ascii: "-"),
              let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              (1...12).contains(month), (1...31).contains(day) else { return nil }
        (self.year, self.month, self.day) = (year, month, day)
        if digits.count >= 16, digits[10] == UInt8(ascii: "T") || digits[10] == UInt8(ascii: " "),
           digits[13] == UInt8(ascii: ":"), let hour = number(11..<13), let minute = number(14..<16),
           (0..<24).contains(hour), (0..<60).contains(minute) {
            (self.hour, self.minute) = (hour, minute)
        } else {
            (self.hour, self.minute) = (nil, nil)
        }
    }

    /// "27 Jul 2023 at 11:11" (as the locale writes it; the date alone when no time was given).
    func text(locale: Locale = .current) -> String {
        // The wall-clock time it was written with: built and shown in one zone, never converted.
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let components = DateComponents(year: year, month: month, day: day, hour: hour ?? 0, minute: minute ?? 0)
        guard let date = calendar.date(from: components) else { return "\(year)-\(month)-\(day)" }
        var style = Date.FormatStyle(locale: locale, calendar: calendar, timeZone: calendar.timeZone)
            .day().month(.abbreviated).year()
        if hour != nil { style = style.hour().minute() }
        return date.formatted(style)
    }

    var text: String { text() }

    /// The date and time of `date` (its seconds dropped, as a timestamp's are).
    init(_ date: PhotoDate) {
        (year, month, day) = (date.year, date.month, date.day)
        (hour, minute) = (date.hour, date.minute)
    }

    /// The detail pane's line of when a local file was taken, saying how that was found: "Taken 14
    /// Jul 2023 at 10:15 (UTC+02:00)" from its Exif (the zone when given), "Taken … (from the file
    /// name)"; nil for a modification time, which the pane's Modified line gives.
    static func line(for captureDate: CaptureDate, locale: Locale = .current) -> String? {
        let taken = "Taken \(TakenDate(captureDate.date).text(locale: locale))"
        switch captureDate.source {
        case .recorded: return taken + (captureDate.offsetMinutes.map { " (\(zoneText(offsetMinutes: $0)))" } ?? "")
        case .fileName: return taken + " (from the file name)"
        case .modified: return nil
        }
    }

    /// "UTC+02:00", "UTC-03:30", "UTC".
    static func zoneText(offsetMinutes: Int) -> String {
        guard offsetMinutes != 0 else { return "UTC" }
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "UTC\(offsetMinutes < 0 ? "-" : "+")\(two(abs(offsetMinutes) / 60)):\(two(abs(offsetMinutes) % 60))"
    }
}

extension TakenDate {
    /// A file's time ("1 May 2024 at 12:34") in the locale's words, as the date taken is, and in
    /// the user's zone: an instant, where the date taken is a wall clock.
    static func text(ofInstant secondsSince1970: Int, locale: Locale = .current, timeZone: TimeZone = .current) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let style = Date.FormatStyle(locale: locale, calendar: calendar, timeZone: timeZone)
            .day().month(.abbreviated).year().hour().minute()
        return Date(timeIntervalSince1970: TimeInterval(secondsSince1970)).formatted(style)
    }
}
