/// When a photo was taken, as its camera wrote it in Exif (local time, no zone): a value to sort
/// by and to print. Made only from a well-formed "YYYY:MM:DD HH:MM:SS", so no byte of the file's
/// text ever reaches the terminal.
public struct PhotoDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    // Kept in 7 bytes, not six Ints: a library of 100,000 photos holds a date for each in its
    // listing, its timeline and the index of dates taken (48 bytes each cost some 15 MB).
    private let storedYear: UInt16
    private let storedMonth, storedDay, storedHour, storedMinute, storedSecond: UInt8

    public var year: Int { Int(storedYear) }
    public var month: Int { Int(storedMonth) }
    public var day: Int { Int(storedDay) }
    public var hour: Int { Int(storedHour) }
    public var minute: Int { Int(storedMinute) }
    public var second: Int { Int(storedSecond) }

    /// A date from its fields, or nil when one is out of range (month 1...12, a day its month
    /// has, hour 0...23, minute 0...59, second 0...60; year 1...9999): no 30 February.
    public init?(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) {
        guard (1...9999).contains(year), (1...12).contains(month), (1...Self.days(inMonth: month, of: year)).contains(day),
              (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second) else { return nil }
        (storedYear, storedMonth, storedDay) = (UInt16(year), UInt8(month), UInt8(day))
        (storedHour, storedMinute, storedSecond) = (UInt8(hour), UInt8(minute), UInt8(second))
    }

    /// Parses Exif's "YYYY:MM:DD HH:MM:SS" (dashes or slashes between the date's fields and a
    /// "T" before the time are accepted too, as some software writes them). Cameras without a
    /// set clock write "0000:00:00 00:00:00" or blanks: nil, like anything else malformed.
    public init?(exif text: some Collection<UInt8>) {
        let bytes = Array(text.prefix(19))
        guard bytes.count == 19 else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in bytes[range] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        let dateSeparators: Set<UInt8> = [UInt8(ascii: ":"), UInt8(ascii: "-"), UInt8(ascii: "/")]
        guard dateSeparators.contains(bytes[4]), bytes[7] == bytes[4],
              bytes[10] == UInt8(ascii: " ") || bytes[10] == UInt8(ascii: "T"),
              bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
              let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19) else { return nil }
        self.init(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    }

    /// How many days `month` (1...12) of `year` has, by the Gregorian calendar.
    public static func days(inMonth month: Int, of year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    public static func < (lhs: PhotoDate, rhs: PhotoDate) -> Bool {
        (lhs.year, lhs.month, lhs.day, lhs.hour, lhs.minute, lhs.second)
            < (rhs.year, rhs.month, rhs.day, rhs.hour, rhs.minute, rhs.second)
    }

    /// Seconds since 1970-01-01 00:00:00 of the same wall-clock reading in UTC: Exif gives no
    /// zone, so this orders photos and prints back as the camera wrote it, and is no true instant.
    public var secondsSince1970AsUTC: Int {
        // Days from the civil date (Howard Hinnant's algorithm), March-based years.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        return days * 86_400 + hour * 3_600 + minute * 60 + second
    }

    /// The wall-clock reading `secondsSince1970AsUTC` stands for (the inverse of that property);
    /// nil outside the years 1...9999.
    public init?(secondsSince1970AsUTC seconds: Int) {
        // 0001-01-01 00:00:00 to 9999-12-31 23:59:59: outside, the arithmetic below could overflow
        // (found by fuzzing the date index, whose dates are read from a file).
        guard (-62_135_596_800...253_402_300_799).contains(seconds) else { return nil }
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let time = seconds - days * 86_400
        // Civil date from days (Howard Hinnant's algorithm), March-based years.
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthPart = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthPart + 2) / 5 + 1
        let month = monthPart < 10 ? monthPart + 3 : monthPart - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        self.init(year: year, month: month, day: day, hour: time / 3_600, minute: time % 3_600 / 60, second: time % 60)
    }

    /// "2024-06-01 14:32:05".
    public var description: String {
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let year = String(repeating: "0", count: max(0, 4 - String(self.year).count)) + String(self.year)
        return "\(year)-\(two(month))-\(two(day)) \(two(hour)):\(two(minute)):\(two(second))"
    }
}
