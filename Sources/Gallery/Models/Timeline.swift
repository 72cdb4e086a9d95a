public import Imaging

/// When each item of a listing ordered by date was taken (modified, for `--sort date`), in the
/// list's order: what the grid's date headings, `t`'s jump and `z`'s months and years are made of.
/// A source ordered by date sends it with each page (`PhotoPage.timeline`); shared, not copied.
public struct Timeline: Sendable, Equatable {
    /// Each item's date, by its place in the list; nil for a folder tile (listed first).
    public let dates: [PhotoDate?]
    /// Whether each item is a video, by its place: a section counts its photos and videos apart.
    public let isVideo: [Bool]
    /// Newest first (`--reverse`, `S`).
    public let isNewestFirst: Bool

    /// `videos`: the places of the items that are videos.
    public init(dates: [PhotoDate?], videos: Set<Int> = [], isNewestFirst: Bool) {
        self.init(dates: dates, isVideo: dates.indices.map(videos.contains), isNewestFirst: isNewestFirst)
    }

    private init(dates: [PhotoDate?], isVideo: [Bool], isNewestFirst: Bool) {
        self.dates = dates
        self.isVideo = isVideo
        self.isNewestFirst = isNewestFirst
    }

    /// The timeline without the items at `places` (items that left the list).
    public func removing(at places: Set<Int>) -> Timeline {
        let kept = dates.indices.filter { !places.contains($0) }
        return Timeline(dates: kept.map { dates[$0] }, isVideo: kept.map { isVideo[$0] }, isNewestFirst: isNewestFirst)
    }

    /// The timeline with an item dated `date` at `place` (an item back in the list), or at its end.
    public func inserting(_ date: PhotoDate?, isVideo video: Bool, at place: Int) -> Timeline {
        var dates = dates, isVideo = isVideo
        let place = min(max(0, place), dates.count)
        dates.insert(date, at: place)
        isVideo.insert(video, at: place)
        return Timeline(dates: dates, isVideo: isVideo, isNewestFirst: isNewestFirst)
    }
}

/// How a timeline is cut into sections: `--group` and the config's `group`.
public enum TimelineGrouping: String, Sendable, CaseIterable {
    case day, month, year, none
}

/// A day, a month or a year: what a section of the timeline, a heading and a zoomed-out tile stand for.
public struct DatePeriod: Sendable, Hashable, Comparable {
    public let year: Int
    /// 1...12; nil for a whole year.
    public let month: Int?
    /// 1...31; nil for a whole month or year.
    public let day: Int?

    public init(year: Int, month: Int? = nil, day: Int? = nil) {
        self.year = year
        self.month = month
        self.day = month == nil ? nil : day
    }

    /// The period of `grouping` that `date` falls in; nil for `.none`.
    public init?(_ date: PhotoDate, by grouping: TimelineGrouping) {
        switch grouping {
        case .day: self.init(year: date.year, month: date.month, day: date.day)
        case .month: self.init(year: date.year, month: date.month)
        case .year: self.init(year: date.year)
        case .none: return nil
        }
    }

    public static func < (lhs: DatePeriod, rhs: DatePeriod) -> Bool {
        (lhs.year, lhs.month ?? 0, lhs.day ?? 0) < (rhs.year, rhs.month ?? 0, rhs.day ?? 0)
    }
}

/// A run of the list's items in one period: a heading's photos, a zoomed-out tile's.
public struct TimelineSection: Sendable, Equatable {
    public let period: DatePeriod
    /// The items' places in the list, in list order.
    public let indices: Range<Int>
    /// How many of the items are videos.
    public let videoCount: Int

    public init(period: DatePeriod, indices: Range<Int>, videoCount: Int = 0) {
        self.period = period
        self.indices = indices
        self.videoCount = videoCount
    }

    /// "39 photos, 3 videos", "1 video": the items it holds, for its heading and its zoomed-out tile.
    public var summary: String { CountText.media(photos: indices.count - videoCount, videos: videoCount) }
}

extension Timeline {
    /// The list cut where the period changes, in list order; folder tiles (no date) belong to no
    /// section. Empty for `.none`.
    public func sections(by grouping: TimelineGrouping) -> [TimelineSection] {
        var sections: [TimelineSection] = []
        var current: (period: DatePeriod, start: Int, videos: Int)?
        for (index, date) in dates.enumerated() {
            let period = date.flatMap { DatePeriod($0, by: grouping) }
            if let open = current, open.period != period {
                sections.append(TimelineSection(period: open.period, indices: open.start..<index, videoCount: open.videos))
                current = nil
            }
            if current == nil, let period { current = (period, index, 0) }
            if isVideo[index] { current?.videos += 1 }
        }
        if let open = current {
            sections.append(TimelineSection(period: open.period, indices: open.start..<dates.count, videoCount: open.videos))
        }
        return sections
    }
}

extension [TimelineSection] {
    /// The section holding item `index`; nil for a folder tile or past the list.
    func section(containing index: Int) -> TimelineSection? {
        let place = partitioningIndex { $0.indices.lowerBound > index } - 1
        return place >= 0 && self[place].indices.contains(index) ? self[place] : nil
    }

    /// `]`'s and `[`'s place from item `index`: the first item of the next section (`forward`), or
    /// of the one before the section `index` is in (of that section when it is the first); nil at the ends.
    func start(nextTo index: Int, forward: Bool) -> Int? {
        let after = partitioningIndex { $0.indices.lowerBound > index }
        if forward { return after < count ? self[after].indices.lowerBound : nil }
        let place = after - 1
        guard place >= 0 else { return nil }
        if place > 0 { return self[place - 1].indices.lowerBound }
        return index > self[0].indices.lowerBound ? self[0].indices.lowerBound : nil
    }

    /// The first place whose section `isAfter` holds for, the sections being in list order.
    private func partitioningIndex(where isAfter: (TimelineSection) -> Bool) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if isAfter(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
