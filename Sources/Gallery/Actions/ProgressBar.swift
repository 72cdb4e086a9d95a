/// Text gauges for the status bar.
enum ProgressBar {
    /// `[####------]`: `width` cells between brackets, filled by `fraction` (0...1).
    static func text(fraction: Double, width: Int) -> String {
        let filled = Int((min(1, max(0, fraction)) * Double(width)).rounded(.down))
        return "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled) + "]"
    }
}

/// Sizes for people: "812 B", "3.4 KB", "12.0 MB".
enum ByteCount {
    static func text(_ bytes: Int) -> String {
        if bytes < 1024 { return "\(bytes) B" }
        let units = ["KB", "MB", "GB"]
        var value = Double(bytes) / 1024
        var unit = 0
        while value >= 1024 && unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10) \(units[unit])"
    }
}
