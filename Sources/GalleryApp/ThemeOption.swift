import ArgumentParser
import Imaging
import TUI

/// `--theme`: the selection and status colours, for dark or light terminal backgrounds.
enum ThemeOption: String, ExpressibleByArgument, CaseIterable {
    case dark, light

    /// The terminal theme; NO_COLOR (set and not empty) turns colour off whatever the choice.
    func terminalTheme(environment: [String: String]) -> TerminalTheme {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .monochrome }
        return self == .dark ? .dark : .light
    }

    /// What transparent pixels are shown over: the background such a terminal has, near enough
    /// (its exact colour is not asked for).
    var pictureBackground: RGB { self == .dark ? RGB(0, 0, 0) : RGB(255, 255, 255) }
}
