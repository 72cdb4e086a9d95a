import Foundation

/// One photo's `GET /photos/:id/statistics` in Unsplash's shape: downloads, views and likes, each
/// its lifetime total and its last 30 days, day by day. The days are the catalog's last 30 (up to
/// its newest photo's date), never the clock's, so an answer is the same on every run; the daily
/// counts are drawn from (seed, index), none before the photo was taken, and add up to at most
/// the total.
struct StatisticsJSON: Encodable, Sendable {
    struct Counter: Encodable, Sendable {
        let total: Int
        let historical: Historical
    }

    struct Historical: Encodable, Sendable {
        /// The sum of `values`: what the last `quantity` days added.
        let change: Int
        let resolution: String
        let quantity: Int
        let values: [Day]
    }

    struct Day: Encodable, Sendable {
        let date: String
        let value: Int
    }

    let id: String
    let downloads: Counter
    let views: Counter
    let likes: Counter

    static let days = 30
    private static let secondsPerDay = 86_400

    init(_ photo: PhotoRecord, seed: UInt64) {
        id = photo.id
        // Streams of their own, apart from those PhotoRecord and the artwork draw from.
        downloads = Self.counter(total: photo.downloads, photo: photo, rng: SplitMix64(seed: seed, stream: 21, index: UInt64(photo.index)))
        views = Self.counter(total: photo.views, photo: photo, rng: SplitMix64(seed: seed, stream: 22, index: UInt64(photo.index)))
        likes = Self.counter(total: photo.likes, photo: photo, rng: SplitMix64(seed: seed, stream: 23, index: UInt64(photo.index)))
    }

    /// `total` spread evenly over the photo's life, each of the last days within half of the mean.
    private static func counter(total: Int, photo: PhotoRecord, rng: SplitMix64) -> Counter {
        var rng = rng
        let lastDay = PhotoRecord.newest / secondsPerDay
        let firstDay = photo.createdAt / secondsPerDay
        let mean = Double(total) / Double(max(1, lastDay - firstDay + 1))
        var left = total
        var values: [Day] = []
        for day in (lastDay - days + 1)...lastDay {
            let drawn = day < firstDay ? 0 : Int((mean * rng.double(0.5...1.5)).rounded())
            let value = min(drawn, left)
            left -= value
            let date = Date(timeIntervalSince1970: TimeInterval(day * secondsPerDay))
            values.append(Day(date: date.formatted(.iso8601.year().month().day()), value: value))
        }
        return Counter(total: total, historical: Historical(change: total - left, resolution: "days",
                                                            quantity: days, values: values))
    }
}
