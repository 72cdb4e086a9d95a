/// The terminals known to move sixel pixels with the rows of a scrolled region (DECSTBM with
/// IND/RI) and to cut them at the region's edges, told apart by their replies to XTVERSION and DA2.
/// Elsewhere a scroll that moved the text could leave a picture where it was drawn, so the grid
/// sends its pictures again instead; `--terminal-scroll on` overrides this for a terminal not listed.
enum PictureScrollingTerminals {
    /// XTVERSION names that start so, with what was verified.
    static let versionPrefixes = [
        // xterm -ti vt340, patch 379: pictures move with a region's rows and are cut at its edges
        // (screenshots under Xvfb, SixelEndToEndTests).
        "XTerm(",
    ]

    static func includes(version: String?, secondaryAttributes: [Int]?) -> Bool {
        guard let version else { return false }
        return versionPrefixes.contains { version.hasPrefix($0) }
    }
}
