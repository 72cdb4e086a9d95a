/// Texts that try to take over the terminal that prints them, for the demo catalog's
/// `hostileText` fault. A client must show the readable words and none of the controls.
enum HostileText {
    /// OSC 52 (write the clipboard), ED 2 (clear the screen), an OSC 8 hyperlink, a C1 CSI (U+009B)
    /// and a C1 OSC (U+009D), a right-to-left override, zero-width spaces, a BEL and a bare ESC.
    static let description =
        "Harbor\u{200B} at \u{202E}dusk\u{202C} "
        + "\u{1B}]52;c;cm0gLXJmIH4=\u{07}"
        + "\u{1B}[2J\u{1B}[H"
        + "\u{1B}]8;;https://evil.example/\u{1B}\\click me\u{1B}]8;;\u{1B}\\ "
        + "\u{9B}31m\u{9D}0;pwned\u{9C}"
        + "boats\u{200B}\u{200D}\u{07}\u{1B}"

    /// Hostile too, for clients that prefer the alt description.
    static let altDescription = "boats \u{1B}[5mblinking\u{1B}[0m\u{9B}2J \u{2066}in\u{2069} a harbor\u{202D}"
}
