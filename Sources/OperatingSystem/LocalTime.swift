import Glibc

/// A moment as the user's clock shows it (the local time zone, `TZ` included), to the second.
public struct LocalTime: Sendable, Equatable {
    public let year: Int, month: Int, day: Int
    public let hour: Int, minute: Int, second: Int

    /// `secondsSince1970` in the local time zone (`localtime_r`).
    public init(secondsSince1970: Int) {
        var seconds = time_t(secondsSince1970)
        var parts = tm()
        localtime_r(&seconds, &parts)
        (year, month, day) = (Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1, Int(parts.tm_mday))
        (hour, minute, second) = (Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec))
    }

    /// Now, in whole seconds since 1970.
    public static var nowSecondsSince1970: Int { Int(time(nil)) }

    /// `YYYY-MM-DDThh:mm:ss`, without a zone: the form the freedesktop trash records.
    public var isoText: String {
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let yearText = String(repeating: "0", count: max(0, 4 - String(year).count)) + String(year)
        return "\(yearText)-\(two(month))-\(two(day))T\(two(hour)):\(two(minute)):\(two(second))"
    }
}
