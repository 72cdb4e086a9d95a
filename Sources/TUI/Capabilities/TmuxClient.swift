import OperatingSystem

/// What tmux says about itself and about the terminal its client runs in, when the app runs in a
/// tmux pane: tmux answers the terminal queries itself (DA1 names tmux's own build, whatever the
/// terminal outside can do), so it is asked instead (`tmux display-message -p`).
public struct TmuxClient: Equatable, Sendable {
    /// tmux's version as it writes it: "3.3a", "3.6a", "next-3.7".
    public let version: String
    /// The client terminal's features as tmux knows them (`#{client_termfeatures}`: "RGB",
    /// "sixel", "256", ...); empty with no client attached.
    public let features: Set<String>
    /// The terminal the client runs in, by its `TERM` (`#{client_termname}`): "xterm-256color".
    public let terminalName: String
    /// `#{sixel_support}` (tmux 3.6 on): whether this tmux was built with sixel; nil before 3.6.
    public let builtWithSixel: Bool?
    /// The client terminal's own name and version, its reply to the XTVERSION query tmux sends it
    /// (`#{client_termtype}`, tmux 3.3 on): "kitty(0.26.5)", "ghostty 1.1.3", "XTerm(379)"; empty
    /// when it did not answer.
    public let terminalType: String
    /// The pane the app runs in (`#{pane_id}`): "%3"; empty when not told.
    public let pane: String
    /// Whether the pane lets passthrough sequences (`ESC P tmux ; … ESC \`) reach the terminal:
    /// `#{allow-passthrough}` is "on" or "all" (tmux 3.3 on; every tmux before passed them).
    public let allowsPassthrough: Bool
    /// The tmux program that answered, asked again to change the pane's options.
    public internal(set) var program = "tmux"

    /// The format asked, fields apart by tabs, which none of them holds.
    static let format = "#{version}\t#{client_termfeatures}\t#{client_termname}\t#{sixel_support}"
        + "\t#{client_termtype}\t#{pane_id}\t#{allow-passthrough}"

    /// Parses `tmux display-message -p` output of `format`; nil for anything else.
    public init?(reply: String) {
        let fields = reply.split(separator: "\n", omittingEmptySubsequences: false).first?
            .split(separator: "\t", omittingEmptySubsequences: false) ?? []
        guard fields.count == 4 || fields.count == 7, !fields[0].isEmpty else { return nil }
        version = String(fields[0])
        features = Set(fields[1].split(separator: ",").map(String.init))
        terminalName = String(fields[2])
        builtWithSixel = fields[3].isEmpty ? nil : fields[3] == "1"
        let more = fields.dropFirst(4).map(String.init)
        terminalType = more.first ?? ""
        pane = more.dropFirst().first ?? ""
        allowsPassthrough = ["on", "all"].contains(more.last ?? "")
    }

    /// The release as (major, minor), nil when the version names none: "3.3a" is (3, 3),
    /// "next-3.7" (3, 7).
    var release: (major: Int, minor: Int)? { Self.release(in: version) }

    /// The first "major.minor" in `text`: "kitty(0.28.1)" is (0, 28).
    static func release(in text: String) -> (major: Int, minor: Int)? {
        let digits = text.drop { !$0.isNumber }
        let parts = digits.split(separator: ".", maxSplits: 1)
        guard parts.count == 2, let major = Int(parts[0]),
              let minor = Int(parts[1].prefix { $0.isNumber }) else { return nil }
        return (major, minor)
    }

    /// Whether kitty pictures can reach the screen through this tmux as Unicode placeholders: the
    /// client terminal draws them (kitty 0.28 on, Ghostty, by their XTVERSION replies) and tmux
    /// passes it 24-bit colour, which carries the image ids (tmux would turn it into the nearest
    /// of 256 colours, another id, otherwise).
    public var passesKittyPlaceholders: Bool {
        guard passesTrueColor, !pane.isEmpty, drawsKittyPictures else { return false }
        if terminalType.lowercased().hasPrefix("ghostty") { return true }
        return Self.release(in: terminalType).map { $0 >= (0, 28) } == true
    }

    /// Whether the client terminal is kitty or Ghostty, by its XTVERSION reply.
    var drawsKittyPictures: Bool {
        let type = terminalType.lowercased()
        return type.hasPrefix("kitty(") || type.hasPrefix("ghostty")
    }

    /// The kitty image ids for this pane's pictures shown by Unicode placeholders: every pane of
    /// the terminal outside shares one id space, so the pane's number is the id's high byte
    /// (panes %0 to %254 get ids apart; tmux numbers panes from 0 in a server) and the pictures
    /// of one run count in the low two bytes. 24 bits in all, what a foreground colour carries.
    public var kittyPlaceholderIDs: ClosedRange<UInt32> {
        let number = UInt32(pane.dropFirst().prefix { $0.isNumber }.prefix(9)) ?? 0
        let high = (number % 255 + 1) << 16
        return (high | 1)...(high | 0xFFFF)
    }

    /// Whether tmux passes the terminal 24-bit colour (the client terminal has tmux's `RGB` feature).
    public var passesTrueColor: Bool { features.contains("RGB") }

    /// Whether sixel pictures can reach the screen through this tmux: 3.4 or later (the first
    /// with sixel), built with it, and a client terminal with the `sixel` feature.
    public var passesSixel: Bool {
        guard let release, release >= (3, 4), builtWithSixel != false else { return false }
        return features.contains("sixel")
    }

    /// How this tmux keeps the sixel pictures a pane draws: at most one fewer than its server-wide
    /// limit (it deletes the oldest when the count reaches 10, 20 from 3.7: `image_store`), and
    /// each deleted by anything written, cleared or scrolled on its lines.
    public var pictureKeeping: PictureKeeping {
        let limit = release.map { $0 >= (3, 7) } == true ? 20 : 10
        return PictureKeeping(liveImageLimit: limit - 1, linesOwnPictures: true)
    }

    /// Why no pixels reach the screen here, in a few words for the status bar ("tmux 3.3a: no
    /// sixel"); nil where sixel passes.
    public var noPixelsReason: String? {
        guard !passesSixel else { return nil }
        if let release, release < (3, 4) { return "tmux \(version): no sixel" }
        if builtWithSixel == false { return "tmux \(version) built without sixel" }
        if drawsKittyPictures, !passesKittyPlaceholders {
            return passesTrueColor ? "tmux \(version): \(terminalType) has no placeholders" : "tmux \(version): no 24-bit colour"
        }
        let outside = terminalName.isEmpty ? "the terminal" : terminalName
        return "tmux \(version): no sixel from \(outside)"
    }

    /// Turns passthrough on for this pane (`allow-passthrough`, a pane option) when it is off, as
    /// chafa does for its pictures; nil when it is on already or tmux did not do it. `restore`
    /// puts back what the pane had.
    public func allowPassthrough(timeout: Duration = .milliseconds(300)) -> PassthroughGrant? {
        guard !allowsPassthrough, !pane.isEmpty,
              let own = ChildProcess.output(of: [program, "show-options", "-p", "-q", "-v", "-t", pane, "allow-passthrough"],
                                            timeout: timeout),
              ChildProcess.output(of: [program, "set-option", "-p", "-t", pane, "allow-passthrough", "on"],
                                  timeout: timeout) != nil
        else { return nil }
        let value = String(decoding: own, as: UTF8.self).split(separator: "\n").first.map(String.init)
        return PassthroughGrant(program: program, pane: pane, ownValue: value)
    }

    /// Asks the tmux server of this pane (`TMUX` set in `environment`), for at most `timeout`;
    /// nil outside tmux, or when tmux does not answer in time.
    public static func ask(environment: [String: String], timeout: Duration = .milliseconds(300)) -> TmuxClient? {
        guard let variable = environment["TMUX"], !variable.isEmpty else { return nil }
        for program in programs(forVariable: variable) {
            if let output = ChildProcess.output(of: [program, "display-message", "-p", format], timeout: timeout) {
                var client = TmuxClient(reply: String(decoding: output, as: UTF8.self))
                client?.program = program
                return client
            }
        }
        return nil
    }

    /// The server's own executable first (`TMUX` is "socket,pid,session"): a client of another
    /// version, such as the `tmux` on `PATH` beside a tmux built elsewhere, cannot talk to it.
    static func programs(forVariable variable: String) -> [String] {
        let fields = variable.split(separator: ",")
        guard fields.count >= 2, let pid = Int(fields[fields.count - 2]), pid > 0 else { return ["tmux"] }
        return ["/proc/\(pid)/exe", "tmux"]
    }
}

/// `allow-passthrough` turned on for a pane by the app, to be put back as it was on exit.
public struct PassthroughGrant: Equatable, Sendable {
    let program: String
    let pane: String
    /// The pane's own value before ("off"), nil when it had none and took the window's.
    let ownValue: String?

    /// The command that puts the pane's option back.
    var restoringCommand: [String] {
        if let ownValue { return [program, "set-option", "-p", "-t", pane, "allow-passthrough", ownValue] }
        return [program, "set-option", "-p", "-u", "-t", pane, "allow-passthrough"]
    }

    /// Puts the pane's option back as it was, waiting at most `timeout` for tmux.
    public func restore(timeout: Duration = .milliseconds(300)) {
        _ = ChildProcess.output(of: restoringCommand, timeout: timeout)
    }
}
