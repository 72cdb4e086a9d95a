public import Imaging
import OperatingSystem

/// A date, or a span of dates, as a person types it: `t`'s jump in the grid, `--since` and
/// `--until`. A year (`2023`), a month (`2023-07`, `july 2023`, `jul 2023`), a day (`2023-07-14`,
/// `14 july 2023`, `july 14 2023`), a month alone (`july`: the latest July not to come), or words
/// counted from today (`today`, `yesterday`, `this week`, `last week`, `this month`, `last month`,
/// `this year`, `last year`). Month names are English, and the locale's too (`MonthNames`).
/// What it stands for is a span of wall-clock time, `range(today:)`.
public struct DateQuery: Sendable, Equatable, CustomStringConvertible {
    /// What was asked for.
    public enum Span: Sendable, Equatable {
        case year(Int)
        case month(year: Int, month: Int)
        case day(year: Int, month: Int, day: Int)
        /// A month without a year: the latest of that name that has begun.
        case monthOfYear(Int)
        case relative(Relative)
    }

    /// Words counted from today; weeks begin on Monday (ISO 8601).
    public enum Relative: String, Sendable, CaseIterable {
        case today, yesterday
        case thisWeek = "this week", lastWeek = "last week"
        case thisMonth = "this month", lastMonth = "last month"
        case thisYear = "this year", lastYear = "last year"
    }

    public let span: Span

    public init(_ span: Span) {
        self.span = span
    }

    /// What a bad phrase is answered with: the words given and the forms there are.
    public struct Problem: Error, Equatable, CustomStringConvertible {
        public let text: String
        public var description: String { "'\(text)' is not a date: try \(DateQuery.examples)" }
    }

    /// The forms named when a phrase is refused.
    public static let examples = "2023-07, july 2023 or yesterday"

    /// Reads `text` (any case, spaces and commas between words); throws `Problem` for anything
    /// else, a day that its month does not have included.
    public init(parsing text: String, monthNames: MonthNames = .english) throws(Problem) {
        let words = text.lowercased().split { $0 == " " || $0 == "," || $0 == "\t" }.map { word in
            // "14." (German), "14th" and "jul." say the same as "14" and "jul".
            var trimmed = Substring(word)
            while trimmed.last == "." { trimmed = trimmed.dropLast() }
            for suffix in ["st", "nd", "rd", "th"] where trimmed.hasSuffix(suffix) && trimmed.dropLast(2).allSatisfy(\.isASCIIDigit)
                && trimmed.count > 2 {
                trimmed = trimmed.dropLast(2)
            }
            return String(trimmed)
        }
        guard let span = Self.span(of: words, monthNames: monthNames) else { throw Problem(text: text) }
        self.span = span
    }

    private static func span(of words: [String], monthNames: MonthNames) -> Span? {
        if let relative = Relative(rawValue: words.joined(separator: " ")) { return .relative(relative) }
        func year(_ word: String) -> Int? {
            guard word.count == 4, let value = number(word), (1...9998).contains(value) else { return nil }
            return value
        }
        func day(_ word: String) -> Int? { word.count <= 2 ? number(word) : nil }
        switch words.count {
        case 1:
            let word = words[0]
            if let year = year(word) { return .year(year) }
            if let month = monthNames.month(named: word) { return .monthOfYear(month) }
            return numericDate(word)
        case 2:
            if let month = monthNames.month(named: words[0]), let year = year(words[1]) { return monthSpan(year, month) }
            if let year = year(words[0]), let month = monthNames.month(named: words[1]) { return monthSpan(year, month) }
            return nil
        case 3:
            if let day = day(words[0]), let month = monthNames.month(named: words[1]), let year = year(words[2]) {
                return daySpan(year, month, day)
            }
            if let month = monthNames.month(named: words[0]), let day = day(words[1]), let year = year(words[2]) {
                return daySpan(year, month, day)
            }
            if let year = year(words[0]), let month = monthNames.month(named: words[1]), let day = day(words[2]) {
                return daySpan(year, month, day)
            }
            return nil
        default:
            return nil
        }
    }

    /// `2023-07`, `2023-07-14` (or with `/` or `.`), `20230714`.
    private static func numericDate(_ word: String) -> Span? {
        // The first separator is the one: `2023-07/14` is no date.
        let fields: [Substring]
        if let separator = word.first(where: { "-/.".contains($0) }) {
            fields = word.split(separator: separator, omittingEmptySubsequences: false)
        } else if word.count == 8 {
            fields = [word.prefix(4), word.dropFirst(4).prefix(2), word.suffix(2)]
        } else {
            return nil
        }
        guard fields.count == 2 || fields.count == 3, fields[0].count == 4, fields.dropFirst().allSatisfy({ (1...2).contains($0.count) }),
              let year = number(fields[0]), (1...9998).contains(year), let month = number(fields[1]) else { return nil }
        guard fields.count == 3 else { return monthSpan(year, month) }
        return number(fields[2]).flatMap { daySpan(year, month, $0) }
    }

    private static func monthSpan(_ year: Int, _ month: Int) -> Span? {
        (1...12).contains(month) ? .month(year: year, month: month) : nil
    }

    private static func daySpan(_ year: Int, _ month: Int, _ day: Int) -> Span? {
        guard (1...12).contains(month), (1...Self.days(inMonth: month, of: year)).contains(day) else { return nil }
        return .day(year: year, month: month, day: day)
    }

    private static func number(_ text: some StringProtocol) -> Int? {
        guard !text.isEmpty, text.allSatisfy(\.isASCIIDigit) else { return nil }
        return Int(text)
    }

    static func days(inMonth month: Int, of year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    // MARK: What it stands for

    /// The wall-clock span asked for, from its first second to the first second after it, with
    /// relative words counted from `today` (any time of that day).
    public func range(today: PhotoDate) -> Range<PhotoDate> {
        let midnight = Self.day(today.year, today.month, today.day)
        switch span {
        case .year(let year): return Self.day(year, 1, 1)..<Self.day(year + 1, 1, 1)
        case .month(let year, let month): return Self.monthRange(year, month)
        case .day(let year, let month, let day): return Self.dayRange(Self.day(year, month, day))
        case .monthOfYear(let month):
            return Self.monthRange(month <= today.month ? today.year : today.year - 1, month)
        case .relative(let relative):
            switch relative {
            case .today: return Self.dayRange(midnight)
            case .yesterday: return Self.dayRange(Self.adding(days: -1, to: midnight))
            case .thisWeek, .lastWeek:
                // 1970-01-01 was a Thursday: days since then, plus 3, count from a Monday.
                let days = midnight.secondsSince1970AsUTC / 86_400
                let sinceMonday = ((days + 3) % 7 + 7) % 7
                let monday = Self.adding(days: -sinceMonday, to: midnight)
                let start = relative == .thisWeek ? monday : Self.adding(days: -7, to: monday)
                return start..<Self.adding(days: 7, to: start)
            case .thisMonth: return Self.monthRange(today.year, today.month)
            case .lastMonth:
                return today.month == 1 ? Self.monthRange(today.year - 1, 12) : Self.monthRange(today.year, today.month - 1)
            case .thisYear: return Self.day(today.year, 1, 1)..<Self.day(today.year + 1, 1, 1)
            case .lastYear: return Self.day(today.year - 1, 1, 1)..<Self.day(today.year, 1, 1)
            }
        }
    }

    /// The date on the user's clock at `secondsSince1970` (now, by default), for relative words.
    public static func today(secondsSince1970: Int? = nil) -> PhotoDate {
        CaptureDate(modifiedSeconds: secondsSince1970 ?? LocalTime.nowSecondsSince1970)?.date ?? day(1970, 1, 1)
    }

    /// Midnight of a day the parser checked, or one computed from such (years 1...9999).
    private static func day(_ year: Int, _ month: Int, _ day: Int) -> PhotoDate {
        PhotoDate(year: min(max(year, 1), 9999), month: month, day: day)!
    }

    private static func dayRange(_ start: PhotoDate) -> Range<PhotoDate> {
        start..<adding(days: 1, to: start)
    }

    private static func monthRange(_ year: Int, _ month: Int) -> Range<PhotoDate> {
        day(year, month, 1)..<(month == 12 ? day(year + 1, 1, 1) : day(year, month + 1, 1))
    }

    private static func adding(days: Int, to date: PhotoDate) -> PhotoDate {
        PhotoDate(secondsSince1970AsUTC: date.secondsSince1970AsUTC + days * 86_400) ?? date
    }

    // MARK: Words

    /// The phrase as it parses back: `2023`, `2023-07`, `2023-07-14`, `july`, `last week`
    /// (`--print-config` writes it).
    public var description: String {
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        switch span {
        case .year(let year): return "\(year)"
        case .month(let year, let month): return "\(year)-\(two(month))"
        case .day(let year, let month, let day): return "\(year)-\(two(month))-\(two(day))"
        case .monthOfYear(let month): return MonthNames.englishNames[month - 1].lowercased()
        case .relative(let relative): return relative.rawValue
        }
    }

    /// How a sentence names the span: "on 14 Jul 2023", "in July 2023", "in 2023", "last week".
    public func phrase(today: PhotoDate) -> String {
        switch span {
        case .year(let year): return "in \(year)"
        case .month, .monthOfYear:
            let start = range(today: today).lowerBound
            return "in \(MonthNames.englishNames[start.month - 1]) \(start.year)"
        case .day: return "on " + range(today: today).lowerBound.dayText
        case .relative(let relative): return relative.rawValue
        }
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}

extension PhotoDate {
    /// "14 Jul 2023".
    public var dayText: String { DatePeriod(year: year, month: month, day: day).shortTitle }
}
