public import Imaging

/// When each item of a listing ordered by date was taken (modified, for `--sort date`), in the
/// list's order: what the grid's date headings, `t`'s jump and `z`'s months and years are made of.
/// A source ordered by date sends it with each page (`PhotoPage.timeline`); shared, not copied.
public struct Timeline: Sendable, Equatable {
    /// Each item's date, by its place in the list; nil for a folder tile (listed first).
    public let dates: [PhotoDate?]
    /// Newest first (`--reverse`, `S`).
    public let isNewestFirst: Bool

    public init(dates: [PhotoDate?], isNewestFirst: Bool) {
        self.dates = dates
        self.isNewestFirst = isNewestFirst
    }
}
