/// Numbers as the detail pane shows them.
enum CountText {
    /// `value` with thousands separators: 1234567 -> "1,234,567".
    static func grouped(_ value: Int) -> String {
        var digits = String(value.magnitude)
        var groups: [Substring] = []
        while digits.count > 3 {
            groups.insert(digits.suffix(3), at: 0)
            digits.removeLast(3)
        }
        groups.insert(Substring(digits), at: 0)
        return (value < 0 ? "-" : "") + groups.joined(separator: ",")
    }

    /// "1 download", "12,345 downloads".
    static func count(_ value: Int, _ noun: String) -> String {
        "\(grouped(value)) \(noun)\(value == 1 ? "" : "s")"
    }

    /// "1,512 photos", "3 folders · 20 photos · 2 videos" when `folders` and `videos` of the
    /// `total` items are folders and videos, "4 folders" when there is nothing else.
    static func items(total: Int, folders: Int, videos: Int = 0) -> String {
        kinds([(folders, "folder"), (max(0, total - folders - videos), "photo"), (videos, "video")], separator: " · ")
    }

    /// "39 photos, 3 videos", "1 video", "2 photos": a run of photos and videos (a month's), the
    /// kinds it holds; "0 photos" when empty.
    static func media(photos: Int, videos: Int) -> String {
        kinds([(photos, "photo"), (videos, "video")], separator: ", ")
    }

    /// The counts that are not zero, each with its noun; "0 photos" when all are.
    private static func kinds(_ counts: [(Int, String)], separator: String) -> String {
        let parts = counts.filter { $0.0 > 0 }.map { count($0.0, $0.1) }
        return parts.isEmpty ? count(0, "photo") : parts.joined(separator: separator)
    }

    /// A byte count in the largest fitting binary unit with one decimal: "1.2 MB", "512 B".
    static func bytes(_ value: Int) -> String {
        let units = ["B", "KB", "MB", "GB", "TB"]
        var unit = 0
        var scale = 1
        while unit < units.count - 1, value >= scale * 1024 {
            scale *= 1024
            unit += 1
        }
        guard unit > 0 else { return "\(value) B" }
        let tenths = (value * 10 + scale / 2) / scale
        return "\(tenths / 10).\(tenths % 10) \(units[unit])"
    }
}
