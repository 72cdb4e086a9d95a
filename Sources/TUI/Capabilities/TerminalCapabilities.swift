public import OperatingSystem
public import TerminalVocabulary

/// What the terminal can draw, found at start-up before curses takes the tty.
public struct TerminalCapabilities: Equatable, Sendable {
    /// DEC sixel graphics (DA1 attribute 4).
    public var sixel: Bool
    /// kitty graphics protocol (an OK reply to the kitty query).
    public var kitty: Bool
    /// iTerm2 inline images (known from TERM_PROGRAM; nothing to ask).
    public var iterm: Bool
    /// 24-bit colour (COLORTERM).
    public var trueColor: Bool
    /// The size of one character cell in pixels.
    public var cellPixelSize: PixelSize
    /// Sixel colour registers the terminal reported (XTSMGRAPHICS), nil when not told.
    public var sixelColorRegisters: Int?
    /// The region scrolls the terminal does right: pictures too in one known to move their pixels
    /// with the rows (`PictureScrollingTerminals`, from its XTVERSION and DA2 replies).
    public var regionScrolling = RegionScrolling.text
    /// The tmux the app runs in, as it describes itself and the terminal outside; nil outside tmux.
    public var tmux: TmuxClient?
    /// How the screen keeps sixel pictures: as a terminal does, or as tmux does.
    public var pictureKeeping = PictureKeeping.terminal

    /// Used when neither the kernel nor the terminal tells the cell size.
    public static let defaultCellPixelSize = PixelSize.fallbackCell

    public init(sixel: Bool = false, kitty: Bool = false, iterm: Bool = false, trueColor: Bool = false,
                cellPixelSize: PixelSize = defaultCellPixelSize, sixelColorRegisters: Int? = nil) {
        self.sixel = sixel
        self.kitty = kitty
        self.iterm = iterm
        self.trueColor = trueColor
        self.cellPixelSize = cellPixelSize
        self.sixelColorRegisters = sixelColorRegisters
    }

    /// Whether kitty pictures are shown by Unicode placeholders through tmux (`TmuxClient
    /// .passesKittyPlaceholders`): transmitted in tmux's passthrough, drawn as text.
    public var kittyByPlaceholders: Bool { kitty && tmux?.passesKittyPlaceholders == true }

    /// The kitty image ids pictures may take: inside tmux, the pane's share of the ids every pane of
    /// the terminal outside uses (`TmuxClient.kittyPlaceholderIDs`); nil: any.
    public var kittyImageIDs: ClosedRange<UInt32>? { kittyByPlaceholders ? tmux?.kittyPlaceholderIDs : nil }

    /// Whether any pixel protocol is available.
    public var hasPixelGraphics: Bool { sixel || kitty || iterm }

    // MARK: - From the environment

    /// The guess from the environment alone: the protocol `TerminalGuess` names (nothing inside
    /// tmux or screen, which pass neither sixel nor kitty images through reliably and answer DA1
    /// for themselves), which the probe then confirms or corrects.
    public static func guess(environment: [String: String]) -> TerminalCapabilities {
        let environmentGuess = TerminalGuess(environment: environment)
        let graphics = environmentGuess.graphics
        return TerminalCapabilities(
            sixel: graphics == .sixel, kitty: graphics == .kitty, iterm: graphics == .iterm,
            // kitty and iTerm2 images come with 24-bit colour in every terminal that draws them.
            trueColor: environmentGuess.declaresTrueColor || graphics == .kitty || graphics == .iterm)
    }

    /// Whether asking the terminal is worth it (and safe): not through a multiplexer, not on a
    /// terminal that may not even parse escape sequences, not on the Linux console (no pixels to
    /// find, and it prints the kitty query's APC string as text).
    static func shouldProbe(_ environment: [String: String]) -> Bool {
        let term = environment["TERM"] ?? ""
        return !TerminalGuess(environment: environment).isMultiplexed && !["", "dumb", "linux"].contains(term)
    }

    /// These capabilities in `tmux` (nil: not in tmux): 24-bit colour where tmux passes it on,
    /// sixel where it draws sixel itself (its DA1 reply names its own build, so it was not asked),
    /// kept by tmux's rules; kitty where the terminal outside draws kitty's Unicode placeholders.
    public func inside(_ tmux: TmuxClient?) -> TerminalCapabilities {
        var result = self
        result.tmux = tmux
        guard let tmux else { return result }
        if tmux.passesTrueColor { result.trueColor = true }
        if tmux.passesSixel { result.sixel = true }
        if tmux.passesKittyPlaceholders { result.kitty = true }
        result.pictureKeeping = tmux.pictureKeeping
        return result
    }

    // MARK: - Asking the terminal

    /// The guess, refined by the replies and by the window's pixel size.
    ///
    /// The cell size comes from `TIOCGWINSZ` when plausible (xterm includes its 2-pixel border
    /// on each side, which integer division drops), else from the `CSI 16 t` reply, else the default.
    public func refined(by replies: CapabilityReplies, window: TerminalSize?) -> TerminalCapabilities {
        var result = self
        // DA1 is the truth about sixel once it answered; without an answer the guess stands.
        if replies.isComplete { result.sixel = replies.sixel }
        if let kitty = replies.kittyGraphics { result.kitty = kitty }
        if result.kitty { result.trueColor = true }
        result.sixelColorRegisters = replies.sixelColorRegisters
        result.regionScrolling = PictureScrollingTerminals.regionScrolling(
            version: replies.terminalVersion, secondaryAttributes: replies.secondaryAttributes)
        if let fromWindow = window?.cellSize, fromWindow.isPlausibleCell {
            result.cellPixelSize = fromWindow
        } else if let reported = replies.cellPixelSize {
            result.cellPixelSize = reported
        }
        return result
    }

    /// The bytes asked, in order: the kitty query (`kittyQuery`, from the encoder that knows the
    /// protocol), XTSMGRAPHICS colour registers, the cell size, XTVERSION, DA2, and DA1 last as
    /// the sentinel.
    public static func probeQuery(kittyQuery: [UInt8]) -> [UInt8] {
        kittyQuery + Array("\u{1B}[?1;1;0S\u{1B}[16t\u{1B}[>0q\u{1B}[>c\u{1B}[c".utf8)
    }

    /// Guesses from `environment`, then (on a terminal worth asking) sends one query burst on the
    /// tty and reads the replies for at most `timeout`, so a silent terminal never hangs us.
    /// Call before curses takes the tty: the replies are consumed here, never seen as keys.
    public static func detect(environment: [String: String], kittyQuery: [UInt8],
                              timeout: Duration = .milliseconds(150)) -> TerminalCapabilities {
        var detected = guess(environment: environment)
        guard let probe = TerminalProbe.standard() else { return detected }
        // The kernel's window size costs no question, so the cell size is known even where
        // asking is not worth it (a forced pixel mode inside tmux still needs it).
        if let cell = probe.windowPixels()?.cellSize, cell.isPlausibleCell { detected.cellPixelSize = cell }
        guard shouldProbe(environment) else { return detected.inside(TmuxClient.ask(environment: environment)) }
        let replies = probe.ask(probeQuery(kittyQuery: kittyQuery), timeout: timeout)
        return detected.refined(by: replies, window: probe.windowPixels())
    }
}

extension TerminalSize {
    /// One cell's share of the window's pixels, nil when either is unknown.
    var cellSize: PixelSize? {
        guard columns > 0, rows > 0, pixelWidth > 0, pixelHeight > 0 else { return nil }
        return PixelSize(width: pixelWidth / columns, height: pixelHeight / rows)
    }
}
