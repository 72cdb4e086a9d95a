import Imaging

/// What `/` finds in a local listing: an item whose name, folder (its path below the listing's
/// folder), camera or lens holds every word of the query, ignoring case ("iphone 12" finds "Apple
/// iPhone 12 Pro"); and, for a query that is a date ("2023", "2023-07", "2023-07-14"), every photo
/// taken on it as the timeline files it (`CaptureDate`).
struct LibrarySearch: Sendable {
    /// The query's words, lowercased.
    let words: [String]
    /// The query as a year, a month or a day: the fields given, nil after the last.
    let date: (year: Int, month: Int?, day: Int?)?

    init(_ query: String) {
        words = query.lowercased().split(whereSeparator: \.isWhitespace).map(String.init)
        date = words.count == 1 ? Self.date(in: Array(words[0].utf8)) : nil
    }

    /// Whether an item with `title`, in `folder`, taken at `captureDate` with what `record` says
    /// matches. An empty query matches everything.
    func matches(title: String, folder: String, captureDate: CaptureDate?, record: TakenRecord) -> Bool {
        if let date, let taken = captureDate?.date, taken.year == date.year,
           date.month.map({ $0 == taken.month }) ?? true, date.day.map({ $0 == taken.day }) ?? true {
            return true
        }
        return [title, folder, record.camera ?? "", record.lens ?? ""].contains { field in
            let field = field.lowercased()
            return words.allSatisfy { field.contains($0) }
        }
    }

    /// "YYYY", "YYYY-MM" or "YYYY-MM-DD" (each field in range), else nil.
    private static func date(in bytes: [UInt8]) -> (year: Int, month: Int?, day: Int?)? {
        let parts = bytes.split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count), parts[0].count == 4, parts.dropFirst().allSatisfy({ $0.count == 2 }),
              parts.allSatisfy({ $0.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } }) else { return nil }
        let numbers = parts.map { $0.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) } }
        let month = numbers.count > 1 ? numbers[1] : nil, day = numbers.count > 2 ? numbers[2] : nil
        guard (1...12).contains(month ?? 1), (1...31).contains(day ?? 1) else { return nil }
        return (numbers[0], month, day)
    }
}
