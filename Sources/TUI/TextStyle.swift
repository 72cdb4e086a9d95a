/// How text is drawn. Combine freely: `[.bold, .reverse]`.
public struct TextStyle: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8

    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let bold = TextStyle(rawValue: 1 << 0)
    public static let reverse = TextStyle(rawValue: 1 << 1)
    public static let dim = TextStyle(rawValue: 1 << 2)
    public static let underline = TextStyle(rawValue: 1 << 3)
    /// The accent colour (a terminal colour pair when the terminal has colours, else ignored).
    public static let accent = TextStyle(rawValue: 1 << 4)
    /// The highlighted item: the theme's selection colours (not bold: bold black is grey in many
    /// terminals), or bold reverse video without colours.
    public static let selection = TextStyle(rawValue: 1 << 5)
    /// Status and prompt lines: the theme's status colours, or reverse video without colours.
    public static let status = TextStyle(rawValue: 1 << 6)

    public static let plain: TextStyle = []
}
