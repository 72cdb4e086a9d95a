/// What a photographer says of a photo, as photo managers (darktable, digiKam, Lightroom) keep it
/// in its XMP sidecar: a rating of 0 to 5 stars, a pick or reject flag, and a colour label.
public struct PhotoLabels: Sendable, Equatable {
    /// Picked (kept) or rejected.
    public enum Flag: Sendable, Equatable {
        case picked, rejected
    }

    /// A colour label, in darktable's order (its F1–F5; the keys `6`–`9` set the first four).
    public enum Colour: String, Sendable, CaseIterable {
        case red, yellow, green, blue, purple

        /// The name Lightroom, darktable and digiKam read in `xmp:Label`.
        var xmpName: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }
    }

    /// Stars, 0 (none) to 5.
    public var rating: Int
    public var flag: Flag?
    public var colour: Colour?

    public init(rating: Int = 0, flag: Flag? = nil, colour: Colour? = nil) {
        self.rating = min(5, max(0, rating))
        self.flag = flag
        self.colour = colour
    }

    /// Nothing said.
    public static let none = PhotoLabels()

    /// What a tile's title says before the name ("★4 ⚑ ●R"); "" when nothing is said. Text, so it
    /// shows whatever draws the pictures.
    public var badge: String {
        var parts: [String] = []
        if rating > 0 { parts.append("★\(rating)") }
        switch flag {
        case .picked?: parts.append("⚑")
        case .rejected?: parts.append("✗")
        case nil: break
        }
        if let colour { parts.append("●" + colour.xmpName.prefix(1)) }
        return parts.joined(separator: " ")
    }

    /// "★★★★☆": the rating as the status bar and the detail pane say it.
    public static func stars(_ rating: Int) -> String {
        String(repeating: "★", count: rating) + String(repeating: "☆", count: 5 - rating)
    }

    /// The detail pane's lines: only what is said.
    public var detailLines: [String] {
        var lines: [String] = []
        if rating > 0 { lines.append("Rating: \(Self.stars(rating))") }
        if let flag { lines.append(flag == .picked ? "Picked" : "Rejected") }
        if let colour { lines.append("Label: \(colour.rawValue)") }
        return lines
    }
}

/// What a key asks of the labels of the photos it acts on.
public enum LabelChange: Sendable, Hashable {
    /// Sets the stars (0 clears them).
    case rating(Int)
    /// Picks or rejects; when every photo has it already, clears it.
    case flag(PhotoLabels.Flag)
    /// Sets the colour label; when every photo has it already, clears it.
    case colour(PhotoLabels.Colour)

    /// The labels of one photo once the change is made; `clears`: every photo it acts on has it already.
    func applied(to labels: PhotoLabels, clears: Bool) -> PhotoLabels {
        var changed = labels
        // A sidecar's `xmp:Rating` holds stars or a reject (-1), not both, as in darktable: stars
        // take a reject away, and a reject the stars.
        switch self {
        case .rating(let stars):
            changed.rating = min(5, max(0, stars))
            if stars > 0, changed.flag == .rejected { changed.flag = nil }
        case .flag(let flag):
            changed.flag = clears ? nil : flag
            if changed.flag == .rejected { changed.rating = 0 }
        case .colour(let colour): changed.colour = clears ? nil : colour
        }
        return changed
    }

    /// Whether `labels` has what this change sets (pressed again, it clears).
    func isSet(in labels: PhotoLabels) -> Bool {
        switch self {
        case .rating(let stars): labels.rating == stars
        case .flag(let flag): labels.flag == flag
        case .colour(let colour): labels.colour == colour
        }
    }

    /// The status bar's sentence once done on `count` photos ("★★★★ on 3 photos", "rejected 1 photo").
    func sentence(clears: Bool, count: Int) -> String {
        let photos = CountText.count(count, "photo")
        switch self {
        case .rating(0): return "rating cleared on \(photos)"
        case .rating(let stars): return "\(String(repeating: "★", count: min(5, stars))) on \(photos)"
        case .flag(let flag):
            let word = flag == .picked ? "pick" : "reject"
            return clears ? "\(word) cleared on \(photos)" : "\(word == "pick" ? "picked" : "rejected") \(photos)"
        case .colour(let colour): return clears ? "\(colour.rawValue) label cleared on \(photos)" : "\(colour.rawValue) label on \(photos)"
        }
    }
}

/// Which photos a local listing shows by their labels (`--min-rating`, `--picked`); folders are
/// always shown.
public struct LabelFilter: Sendable, Equatable {
    /// Stars a photo has at least.
    public var minimumRating: Int
    /// Only picked photos.
    public var pickedOnly: Bool

    public init(minimumRating: Int = 0, pickedOnly: Bool = false) {
        self.minimumRating = minimumRating
        self.pickedOnly = pickedOnly
    }

    /// Every photo.
    public static let all = LabelFilter()

    /// The filter a search for labels asks for: "rating>=4", "rating:4" or "★4" (4 stars or more),
    /// "picked"; nil for any other query (a search of titles).
    public init?(query: String) {
        let words = query.lowercased().split(separator: " ")
        guard !words.isEmpty else { return nil }
        self.init()
        for word in words {
            if word == "picked" {
                pickedOnly = true
            } else if let stars = ["rating>=", "rating:", "★"].lazy.compactMap({ word.hasPrefix($0) ? Int(word.dropFirst($0.count)) : nil }).first,
                      (0...5).contains(stars) {
                minimumRating = stars
            } else {
                return nil
            }
        }
    }

    public func admits(_ labels: PhotoLabels) -> Bool {
        labels.rating >= minimumRating && (!pickedOnly || labels.flag == .picked)
    }
}
