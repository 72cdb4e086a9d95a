import Imaging
import OperatingSystem

/// When a photo was taken, read from the name phones and messengers give their files
/// (`IMG_20230714_101500.jpg`, `WhatsApp Image 2023-07-14 at 10.15.00.jpeg`): what stands for
/// the date taken when a file has no Exif date, as a messenger's copies have none.
///
/// Strict: a name matches only a known pattern from its first byte, every field a valid date and
/// time in 1990...2100, and no digit right after the match, so a camera's counter (`DSC01234`), an
/// `IMG_1234` or a date followed by more digits is never read as a date.
enum FileNameDate {
    /// The wall-clock reading a file's name gives, or nil when it follows no known pattern.
    static func date(ofName name: FilePath) -> PhotoDate? {
        let bytes = name.bytes
        for pattern in patterns {
            guard let date = pattern.match(bytes) else { continue }
            guard pattern.isUniversalTime else { return date }
            let local = LocalTime(secondsSince1970: date.secondsSince1970AsUTC)
            return PhotoDate(year: local.year, month: local.month, day: local.day,
                             hour: local.hour, minute: local.minute, second: local.second)
        }
        return nil
    }

    /// The earliest and latest years read: a phone's clock reset to 1980 or a counter that looks
    /// like a year is no date taken.
    static let years = 1990...2100

    /// The patterns, each a template: between braces, `Y`, `M`, `D`, `h`, `m`, `s` are the digits
    /// of the year, month, day, hour, minute and second, `f` a digit ignored (milliseconds); any
    /// other character is itself (ASCII letters in either case).
    static let patterns: [Pattern] = [
        // Android cameras. A Pixel adds milliseconds, and names its files in UTC.
        Pattern("IMG_{YYYYMMDD}_{hhmmss}"), Pattern("VID_{YYYYMMDD}_{hhmmss}"), Pattern("MVIMG_{YYYYMMDD}_{hhmmss}"),
        Pattern("PXL_{YYYYMMDD}_{hhmmssfff}", isUniversalTime: true), Pattern("PXL_{YYYYMMDD}_{hhmmss}", isUniversalTime: true),
        // Samsung's camera.
        Pattern("{YYYYMMDD}_{hhmmss}"),
        // WhatsApp on Android: the day alone.
        Pattern("IMG-{YYYYMMDD}-WA"), Pattern("VID-{YYYYMMDD}-WA"),
        // WhatsApp's exports and desktop, macOS's screenshots: a 12-hour clock may follow ("AM").
        Pattern("WhatsApp Image {YYYY-MM-DD} at {hh.mm.ss}", twelveHour: true),
        Pattern("WhatsApp Video {YYYY-MM-DD} at {hh.mm.ss}", twelveHour: true),
        Pattern("Screenshot {YYYY-MM-DD} at {hh.mm.ss}", twelveHour: true),
        // Android's and GNOME's screenshots.
        Pattern("Screenshot_{YYYY-MM-DD-hh-mm-ss}"), Pattern("Screenshot_{YYYYMMDD-hhmmss}"),
        Pattern("Screenshot_{YYYYMMDD_hhmmss}"), Pattern("Screenshot from {YYYY-MM-DD hh-mm-ss}"),
        // Signal's and Telegram's saved files.
        Pattern("signal-{YYYY-MM-DD-hhmmss}"), Pattern("photo_{YYYY-MM-DD_hh-mm-ss}"),
    ]

    /// One name template.
    struct Pattern: Sendable {
        /// Each byte of a name, in order: a digit of a field (its letter), or a byte itself.
        let template: [Token]
        /// Whether " AM" or " PM" (with a space or macOS's narrow no-break space) may follow.
        let twelveHour: Bool
        /// Whether the name gives the time in UTC rather than on the phone's clock.
        let isUniversalTime: Bool

        enum Token: Sendable, Equatable {
            case field(UInt8)
            case literal(UInt8)
        }

        init(_ template: String, twelveHour: Bool = false, isUniversalTime: Bool = false) {
            var inField = false
            self.template = template.utf8.compactMap { byte in
                switch byte {
                case UInt8(ascii: "{"): inField = true; return nil
                case UInt8(ascii: "}"): inField = false; return nil
                default:
                    return inField && Self.fieldLetters.contains(byte) ? .field(byte) : .literal(byte)
                }
            }
            self.twelveHour = twelveHour
            self.isUniversalTime = isUniversalTime
        }

        /// The date in `name` when it starts with this pattern.
        func match(_ name: [UInt8]) -> PhotoDate? {
            guard name.count >= template.count else { return nil }
            var fields: [UInt8: Int] = [:]
            for (place, token) in template.enumerated() {
                let byte = name[place]
                switch token {
                case .field(let letter):
                    guard let digit = Self.digit(byte) else { return nil }
                    fields[letter, default: 0] = fields[letter, default: 0] * 10 + digit
                case .literal(let expected):
                    guard Self.lowercased(byte) == Self.lowercased(expected) else { return nil }
                }
            }
            var rest = name[template.count...]
            // A digit right after a field is a longer number than the pattern's: no date. (After
            // `-WA`, WhatsApp's counter follows.)
            if case .field? = template.last, let next = rest.first, Self.digit(next) != nil {
                return nil
            }
            var hour = fields[UInt8(ascii: "h")] ?? 0
            if twelveHour, let afternoon = Self.meridiem(&rest) {
                guard (1...12).contains(hour) else { return nil }
                hour = hour % 12 + (afternoon ? 12 : 0)
            }
            guard let year = fields[UInt8(ascii: "Y")], FileNameDate.years.contains(year),
                  let month = fields[UInt8(ascii: "M")], let day = fields[UInt8(ascii: "D")],
                  (0...59).contains(fields[UInt8(ascii: "s")] ?? 0) else { return nil }
            return PhotoDate(year: year, month: month, day: day, hour: hour,
                             minute: fields[UInt8(ascii: "m")] ?? 0, second: fields[UInt8(ascii: "s")] ?? 0)
        }

        private static let fieldLetters = Set("YMDhmsf".utf8)

        private static func digit(_ byte: UInt8) -> Int? {
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) ? Int(byte - UInt8(ascii: "0")) : nil
        }

        private static func lowercased(_ byte: UInt8) -> UInt8 {
            (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
        }

        /// Whether " PM" (true) or " AM" (false) starts `rest`, taken off it; nil when neither does.
        private static func meridiem(_ rest: inout ArraySlice<UInt8>) -> Bool? {
            for space in [[UInt8(ascii: " ")], [0xE2, 0x80, 0xAF]] as [[UInt8]] where rest.starts(with: space) {
                let word = rest.dropFirst(space.count).prefix(2).map(lowercased)
                guard word.count == 2, word[1] == UInt8(ascii: "m"),
                      word[0] == UInt8(ascii: "a") || word[0] == UInt8(ascii: "p") else { continue }
                let afternoon = word[0] == UInt8(ascii: "p")
                rest = rest.dropFirst(space.count + 2)
                return afternoon
            }
            return nil
        }
    }
}
