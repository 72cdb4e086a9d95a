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

    /// The format asked, fields apart by tabs, which none of them holds.
    static let format = "#{version}\t#{client_termfeatures}\t#{client_termname}\t#{sixel_support}"

    /// Parses `tmux display-message -p` output of `format`; nil for anything else.
    public init?(reply: String) {
        let fields = reply.split(separator: "\n", omittingEmptySubsequences: false).first?
            .split(separator: "\t", omittingEmptySubsequences: false) ?? []
        guard fields.count == 4, !fields[0].isEmpty else { return nil }
        version = String(fields[0])
        features = Set(fields[1].split(separator: ",").map(String.init))
        terminalName = String(fields[2])
        builtWithSixel = fields[3].isEmpty ? nil : fields[3] == "1"
    }

    /// The release as (major, minor), nil when the version names none: "3.3a" is (3, 3),
    /// "next-3.7" (3, 7).
    var release: (major: Int, minor: Int)? {
        let digits = version.drop { !$0.isNumber }
        let parts = digits.split(separator: ".", maxSplits: 1)
        guard parts.count == 2, let major = Int(parts[0]),
              let minor = Int(parts[1].prefix { $0.isNumber }) else { return nil }
        return (major, minor)
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
        let outside = terminalName.isEmpty ? "the terminal" : terminalName
        return "tmux \(version): no sixel from \(outside)"
    }

    /// Asks the tmux server of this pane (`TMUX` set in `environment`), for at most `timeout`;
    /// nil outside tmux, or when tmux does not answer in time.
    public static func ask(environment: [String: String], timeout: Duration = .milliseconds(300)) -> TmuxClient? {
        guard let variable = environment["TMUX"], !variable.isEmpty else { return nil }
        for program in programs(forVariable: variable) {
            if let output = ChildProcess.output(of: [program, "display-message", "-p", format], timeout: timeout) {
                return TmuxClient(reply: String(decoding: output, as: UTF8.self))
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
