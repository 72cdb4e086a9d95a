public import Imaging

extension Timeline {
    /// Where `t`'s jump to a span of dates lands in the list.
    public enum Landing: Sendable, Equatable {
        /// The first photo of the span, going down the list (the newest of it when newest first).
        case on(Int)
        /// None in the span: the photo nearest after it in time, taken on `date`.
        case after(Int, date: PhotoDate)
        /// None in the span or after it: the newest photo, taken on `date`.
        case newest(Int, date: PhotoDate)
        /// The list has no dated photo.
        case nothing
    }

    /// Where a jump to `range` lands: the first photo in it going down the list; when none is in
    /// it, the one nearest after it in time; when none is after it either, the newest. Folder
    /// tiles (no date) are passed over. The list is read in order, not searched by halves: a
    /// modification time on the user's clock goes back an hour once a year.
    public func landing(in range: Range<PhotoDate>) -> Landing {
        if isNewestFirst {
            // Going down, the first photo not after the span, and the last one after it.
            var lastAfter: Int?
            for (index, date) in dates.enumerated() {
                guard let date else { continue }
                if date >= range.upperBound {
                    lastAfter = index
                } else {
                    if date >= range.lowerBound { return .on(index) }
                    break
                }
            }
            if let lastAfter, let date = dates[lastAfter] { return .after(lastAfter, date: date) }
            guard let first = dates.firstIndex(where: { $0 != nil }), let date = dates[first] else { return .nothing }
            return .newest(first, date: date)
        }
        guard let index = dates.firstIndex(where: { $0.map { $0 >= range.lowerBound } ?? false }), let date = dates[index] else {
            guard let last = dates.lastIndex(where: { $0 != nil }), let date = dates[last] else { return .nothing }
            return .newest(last, date: date)
        }
        return date < range.upperBound ? .on(index) : .after(index, date: date)
    }
}
