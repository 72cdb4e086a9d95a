/// How a local listing is ordered: `--sort`, the config file's `sort`, and `s` in the grid.
public enum PhotoOrder: String, Sendable, CaseIterable {
    /// Natural order of names: `img2` before `img10`, ignoring case.
    case name
    /// The file's modification time, oldest first.
    case date
    /// The date the photo was taken (EXIF), oldest first; files without one use their modification time.
    case taken
    /// File size, smallest first.
    case size

    /// The order `s` switches to.
    public var next: PhotoOrder {
        let all = Self.allCases
        return all[(all.firstIndex(of: self)! + 1) % all.count]
    }

    /// "by name", "by date taken", with "reversed" when `reversed`, for the status bar.
    public func label(reversed: Bool) -> String {
        let base = switch self {
        case .name: "by name"
        case .date: "by date modified"
        case .taken: "by date taken"
        case .size: "by size"
        }
        return reversed ? base + ", reversed" : base
    }
}
