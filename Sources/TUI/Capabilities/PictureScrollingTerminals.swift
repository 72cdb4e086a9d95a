/// The terminals known to move sixel pixels with the rows of a scrolled region (DECSTBM with
/// IND/RI) and to cut them at the region's edges, told apart by their replies to XTVERSION and
/// DA2: their names first (DA2's kinds collide: 1 is foot, WezTerm and Konsole), DA2 for those that
/// have no XTVERSION. Elsewhere a scroll that moved the text could leave a picture where it was
/// drawn, so the grid sends its pictures again; `--terminal-scroll on` overrides this for a
/// terminal not listed. From their source, and for xterm and mlterm by screenshots under Xvfb:
/// BENCHMARKS.md, "Terminal-side scrolling".
enum PictureScrollingTerminals {
    /// XTVERSION names that start so.
    static let versionPrefixes: [(prefix: String, scrolling: RegionScrolling)] = [
        // Patch 379 verified; IND/SU move the pictures, RI/SD only the window's pixels.
        ("XTerm(", .picturesMovingUp),
        // Pictures are kept in the cells they cover: they move and are cut like text.
        ("mlterm(", .pictures),
        ("WezTerm ", .pictures),
        ("contour ", .pictures),
        ("iTerm2 ", .pictures),
        // Pictures move with the rows but are not cut at the region's edges; the screen writes
        // the rows outside the region after a scroll with pictures, which cuts them.
        ("foot(", .pictures),
    ]

    /// DA2 replies (kind, version, third value) of terminals that do not answer XTVERSION.
    static let secondaryAttributes: [(attributes: [Int], scrolling: RegionScrolling)] = [
        // mlterm before 3.9.2 (Debian 12's 3.9.0 answers 24;279;0).
        ([24, 279, 0], .pictures),
        // Windows Terminal 1.22 and later.
        ([0, 10, 1], .pictures),
    ]

    static func regionScrolling(version: String?, secondaryAttributes attributes: [Int]?) -> RegionScrolling {
        if let version {
            return versionPrefixes.first { version.hasPrefix($0.prefix) }?.scrolling ?? .text
        }
        return secondaryAttributes.first { $0.attributes == attributes }?.scrolling ?? .text
    }
}
