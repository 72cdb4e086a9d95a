/// What is wrong with a configuration file, where: printed as one line, `FILE:LINE: message`.
struct ConfigError: Error, Equatable, CustomStringConvertible {
    let path: String
    /// 1-based; nil when the problem has no line (the file cannot be read).
    let line: Int?
    let message: String

    var description: String {
        "\(path)\(line.map { ":\($0)" } ?? ""): \(message)"
    }

    /// The exit status for a bad configuration (sysexits' EX_CONFIG).
    static let exitCode: Int32 = 78
}
