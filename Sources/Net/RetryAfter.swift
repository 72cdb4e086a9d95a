import Foundation

/// The `Retry-After` header: delta-seconds (`120`) or an HTTP-date (`Fri, 31 Dec 1999 23:59:59 GMT`).
enum RetryAfter {
    /// The wait the value asks for, measured from `now` for a date; zero for a date in the past;
    /// nil when the value is neither form.
    static func delay(_ value: String, now: Date) -> Duration? {
        let trimmed = value.trimmingHTTPWhitespace()
        if !trimmed.isEmpty, trimmed.allSatisfy(\.isASCIIDigit) {
            return .seconds(Int(trimmed) ?? Int.max)
        }
        guard let date = HTTPDate.parse(String(trimmed)) else { return nil }
        let seconds = date.timeIntervalSince(now)
        return seconds > 0 ? .milliseconds(Int((seconds * 1000).rounded(.up))) : .zero
    }
}

/// The preferred HTTP-date form of RFC 9110 (IMF-fixdate), the one servers send:
/// `Sun, 06 Nov 1994 08:49:37 GMT`.
enum HTTPDate {
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    static func parse(_ text: String) -> Date? {
        let fields = text.split(separator: " ")
        guard fields.count == 6, fields[0].hasSuffix(","), fields[5] == "GMT",
              let day = Int(fields[1]), fields[1].count == 2, (1...31).contains(day),
              let month = months.firstIndex(of: String(fields[2])),
              let year = Int(fields[3]), fields[3].count == 4 else { return nil }
        let clock = fields[4].split(separator: ":", omittingEmptySubsequences: false)
        guard clock.count == 3, clock.allSatisfy({ $0.count == 2 }),
              let hour = Int(clock[0]), let minute = Int(clock[1]), let second = Int(clock[2]),
              hour < 24, minute < 60, second <= 60 else { return nil }
        var components = DateComponents()
        components.calendar = Calendar(identifier: .gregorian)
        components.timeZone = TimeZone(identifier: "GMT")
        (components.year, components.month, components.day) = (year, month + 1, day)
        (components.hour, components.minute, components.second) = (hour, minute, second)
        return components.date
    }
}

extension Character {
    /// A range of Characters would also take a digit with a combining mark, which `Int` refuses.
    fileprivate var isASCIIDigit: Bool { asciiValue.map { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } ?? false }
}
