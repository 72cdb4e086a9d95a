public import OperatingSystem

/// A command of the user's own (`[commands]` in the config file, or typed after `:`), run on the
/// marked photos or the selected one: its words, split once as a shell would split them, to which
/// the photos' paths are appended as arguments of their own. No shell ever reads a path.
public struct UserCommand: Hashable, Sendable {
    /// As the user wrote it.
    public let text: String
    /// The program, then its arguments.
    public let words: [String]

    /// Splits `text` into words: spaces and tabs apart, `'…'` taken as it is, `"…"` with `\"` and
    /// `\\` inside, a backslash outside quotes taking the next character as it is, and `~` or `~/`
    /// at the start of a word (not quoted) the home folder `home`. Throws a sentence when a quote
    /// is not closed, a backslash ends it, or there is no word.
    public init(_ text: String, home: String) throws(UserCommandError) {
        var words: [String] = []
        var word: String?
        let characters = Array(text)
        var index = 0
        func next() -> Character? {
            defer { index += 1 }
            return index < characters.count ? characters[index] : nil
        }
        while let character = next() {
            switch character {
            case " ", "\t", "\n":
                if let done = word { words.append(done) }
                word = nil
            case "'":
                var quoted = ""
                while true {
                    guard let inside = next() else { throw UserCommandError("a ' is not closed") }
                    if inside == "'" { break }
                    quoted.append(inside)
                }
                word = (word ?? "") + quoted
            case "\"":
                var quoted = ""
                while true {
                    guard let inside = next() else { throw UserCommandError("a \" is not closed") }
                    if inside == "\"" { break }
                    if inside == "\\", let escaped = next() {
                        if escaped != "\"" && escaped != "\\" { quoted.append("\\") }
                        quoted.append(escaped)
                    } else {
                        quoted.append(inside)
                    }
                }
                word = (word ?? "") + quoted
            case "\\":
                guard let escaped = next() else { throw UserCommandError("it ends with a \\") }
                word = (word ?? "") + String(escaped)
            case "~" where word == nil && (index == characters.count || [" ", "\t", "\n", "/"].contains(characters[index])):
                // `~` or `~/…`; `~user` is left as it is.
                // A home of "/" before "/…" would start the path with two slashes.
                word = home == "/" && index < characters.count && characters[index] == "/" ? "" : home
            default:
                word = (word ?? "") + String(character)
            }
        }
        if let done = word { words.append(done) }
        guard !words.isEmpty, !words[0].isEmpty else { throw UserCommandError("there is no command") }
        self.text = text
        self.words = words
    }

    /// The status bar's name for it: its program's file name ("cp", "gimp").
    public var name: String {
        String(words[0].split(separator: "/").last ?? Substring(words[0]))
    }

    /// The program's arguments with `paths` after the command's own words, each one argument.
    public func arguments(with paths: [FilePath]) -> [FilePath] {
        words.map { FilePath($0) } + paths
    }
}

/// Why a command's text cannot be split into words: "a ' is not closed".
public struct UserCommandError: Error, Equatable, CustomStringConvertible {
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}
