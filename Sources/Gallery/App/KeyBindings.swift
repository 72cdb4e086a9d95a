public import TUI

/// The keys a user may rebind (in the config file's `[keys]` table). The rest are fixed.
public struct KeyBindings: Sendable, Equatable {
    public var quit: Key
    public var search: Key
    public var help: Key

    public init(quit: Key = .character("q"), search: Key = .character("/"), help: Key = .character("?")) {
        self.quit = quit
        self.search = search
        self.help = help
    }

    public static let standard = KeyBindings()

    /// The bindable actions by their config names, in the order `--print-config` lists them.
    public static let actionNames = ["quit", "search", "help"]

    /// The key bound to the action called `name`.
    public subscript(action name: String) -> Key? {
        get {
            switch name {
            case "quit": return quit
            case "search": return search
            case "help": return help
            default: return nil
            }
        }
        set {
            guard let newValue else { return }
            switch name {
            case "quit": quit = newValue
            case "search": search = newValue
            case "help": help = newValue
            default: break
            }
        }
    }

    /// A key from its config spelling: one printable character ("q", "/", "é") or "ctrl-x".
    /// nil for anything else (names of keys the app uses for fixed actions are not offered).
    public static func key(named name: String) -> Key? {
        let lower = name.lowercased()
        if lower.hasPrefix("ctrl-"), lower.count == 6, let letter = lower.last, letter.isASCII, letter.isLetter {
            return .ctrl(letter)
        }
        guard name.count == 1, let character = name.first, !sanitize(name).isEmpty, character != " " else { return nil }
        return .character(character)
    }

    /// How a key is written in the config file and the help: "q", "ctrl-x".
    public static func name(of key: Key) -> String {
        switch key {
        case .character(let character): return String(character)
        case .ctrl(let letter): return "ctrl-\(letter)"
        default: return "\(key)"
        }
    }
}
