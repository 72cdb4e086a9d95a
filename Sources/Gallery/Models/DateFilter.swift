public import Imaging

/// `--since` and `--until`: the span of dates a local listing shows, by the date each photo was
/// taken as `LibraryItem.captureDate` gives it (its Exif, else its modification time).
public struct DateFilter: Sendable, Equatable {
    /// The first moment shown; nil: from the first photo.
    public let since: PhotoDate?
    /// The first moment no longer shown; nil: to the last photo.
    public let until: PhotoDate?

    public init(since: PhotoDate?, until: PhotoDate?) {
        self.since = since
        self.until = until
    }

    /// From the start of `since`'s span to the end of `until`'s (`--until 2023-07` shows July),
    /// relative words counted from `today`; nil when neither is given.
    public init?(since: DateQuery?, until: DateQuery?, today: PhotoDate) {
        guard since != nil || until != nil else { return nil }
        self.init(since: since?.range(today: today).lowerBound, until: until?.range(today: today).upperBound)
    }

    /// Whether a photo taken at `date` is shown.
    public func contains(_ date: PhotoDate) -> Bool {
        since.map { date >= $0 } ?? true && until.map { date < $0 } ?? true
    }

    /// Whether a photo taken at `seconds` (wall-clock seconds, `PhotoDate.secondsSince1970AsUTC`) is shown.
    func contains(secondsSince1970AsUTC seconds: Int) -> Bool {
        since.map { seconds >= $0.secondsSince1970AsUTC } ?? true && until.map { seconds < $0.secondsSince1970AsUTC } ?? true
    }

    /// For the status bar: "since 1 Jul 2023", "until 31 Jul 2023", "1 Jul 2023 – 31 Jul 2023".
    public var label: String {
        let lastDay = until.map { PhotoDate(secondsSince1970AsUTC: $0.secondsSince1970AsUTC - 1) ?? $0 }
        switch (since, lastDay) {
        case (let since?, let last?): return "\(since.dayText) – \(last.dayText)"
        case (let since?, nil): return "since \(since.dayText)"
        case (nil, let last?): return "until \(last.dayText)"
        case (nil, nil): return "all dates"
        }
    }
}
