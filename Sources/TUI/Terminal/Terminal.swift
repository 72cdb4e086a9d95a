import CNcurses
import Dispatch
import OperatingSystem
public import TerminalVocabulary

/// Why the terminal could not be taken over; its description is one sentence for the user.
public enum TerminalError: Error, Equatable, CustomStringConvertible {
    /// stdin or stdout is not a terminal.
    case notATerminal
    /// `TERM` says the terminal cannot move the cursor (`dumb`).
    case cannotMoveTheCursor(String)
    /// curses could set up neither the terminal named by TERM nor the fallback description.
    case unusableTerminal(String)
    /// Another `Terminal` is running.
    case alreadyStarted

    public var description: String {
        switch self {
        case .notATerminal:
            return "gallery needs a terminal, and its input or output is a pipe or a file; "
                + "run it in a terminal, or print one picture with 'gallery view FILE'"
        case .cannotMoveTheCursor(let name):
            return "TERM=\(name) is a terminal that cannot move the cursor, which gallery's grid needs; "
                + "run gallery in a terminal emulator, or print one picture with 'gallery view FILE'"
        case .unusableTerminal(let name):
            return "cannot set up the terminal (TERM=\(name)) nor the plain '\(TerminalDescription.fallback)' "
                + "description; check that ncurses' terminfo is installed (Debian: ncurses-base)"
        case .alreadyStarted:
            return "the terminal is already in use by this program"
        }
    }
}

/// Owns the tty while the app runs: curses set up, input and signals as main-queue dispatch
/// sources, coalesced redraws, and the terminal restored however the process ends.
@MainActor public final class Terminal {
    public let screen: TerminalScreen
    /// Keys (and mouse events) as they arrive.
    public var onKey: ((Key) -> Void)?
    /// The terminal changed size; a redraw is already scheduled.
    public var onResize: ((CellSize) -> Void)?
    /// Draws a frame; called by the coalesced redraw between `beginFrame` and `endFrame`.
    public var draw: ((any Screen) -> Void)?

    private var sources: [any DispatchSourceProtocol] = []
    private let redraws = RedrawScheduler()
    private var clicks = ClickTracker()
    private var stopped = false
    /// xterm's button-event mouse tracking: moves reported while a button is held.
    static let buttonMotionOn = "\u{1B}[?1002h", buttonMotionOff = "\u{1B}[?1002l"
    /// Focus reports are on (`redrawOnFocus()`).
    private var reportsFocus = false
    private static var isRunning = false
    /// The origin of the times double-clicks are measured in.
    private static let started = ContinuousClock.now
    private static let handledSignals: [(signal: Int32, exitCode: Int32)] = [
        (ProcessSignal.interrupt, 130), (ProcessSignal.terminate, 143), (ProcessSignal.hangUp, 129),
    ]

    /// The terminfo description curses runs with: `TERM`, or `TerminalDescription.fallback` when
    /// this machine has none for it (which the app tells the user).
    public let descriptionName: String

    /// Begins, on another thread, what `start` needs that takes time but not the terminal: the
    /// adapted terminfo entry of `TERM`. Call it first thing; `start` takes what it made, or makes
    /// it itself when nobody called this. Nothing is begun when stdin or stdout is not a terminal
    /// (`--help` through a pager, a script), where `start` will not run.
    public static func prepare() {
        guard TerminalMode.isTerminal(.standardInput), TerminalMode.isTerminal(.standardOutput),
              let name = try? TerminalDescription.candidates(term: CurrentProcess.environmentVariable("TERM")).first
        else { return }
        EarlyTerminfo.begin(name)
    }

    /// Takes over the tty: locale, curses (cbreak, noecho, nonl, keypad, hidden cursor, mouse,
    /// alternate screen), signal and input sources. Must be called on the main thread, which then
    /// runs the main queue (`dispatchMain()`).
    /// `theme` colours the accent, selection and status styles (`.monochrome` for NO_COLOR).
    public static func start(theme: TerminalTheme = .dark) throws -> Terminal {
        guard !isRunning else { throw TerminalError.alreadyStarted }
        guard TerminalMode.isTerminal(.standardInput), TerminalMode.isTerminal(.standardOutput) else {
            throw TerminalError.notATerminal
        }
        let requested = CurrentProcess.environmentVariable("TERM")
        let candidates = try TerminalDescription.candidates(term: requested)
        CurrentProcess.useLocaleWithUTF8Characters()
        _ = TerminalGuard.saveTTY(fileDescriptor: FileDescriptor.standardInput.rawValue)
        // A loop, not `lazy.compactMap(startCurses).first`, which starts curses twice for the first
        // candidate: the second `newterm` then took the first one's raw modes for the shell's,
        // and `endwin` left the terminal raw.
        var started: (name: String, scrollsRegions: Bool)?
        for name in candidates where started == nil { started = startCurses(name) }
        guard let started else { throw TerminalError.unusableTerminal(requested ?? "(unset)") }
        let pairs = configureCurses(theme: theme)
        TerminalGuard.arm(resetSequence: TerminalGuard.resetSequence())
        isRunning = true
        let screen = TerminalScreen(size: currentSize(), pairs: pairs)
        screen.hasScrollingRegion = started.scrollsRegions
        let terminal = Terminal(screen: screen, descriptionName: started.name)
        terminal.makeSources()
        return terminal
    }

    /// Starts curses with the description `name`; nil, with the signals as they were, when this
    /// machine has no such description. The screen may scroll regions itself only on the adapted
    /// description, where ncurses moves no lines of its own, of a terminal that has them.
    private static func startCurses(_ name: String) -> (name: String, scrollsRegions: Bool)? {
        // Built before any signal is ignored: the helper programs must not inherit that.
        // `prepare()` may have begun it: an outer nil means it did not, for this name.
        let terminfo = EarlyTerminfo.take(name) ?? AdaptedTerminfo(terminal: name)
        defer { terminfo?.remove() }
        // With the disposition not SIG_DFL, curses installs no handlers of its own for these;
        // the dispatch sources made below receive them instead.
        for (signal, _) in handledSignals { cn_ignore_signal(signal) }
        cn_ignore_signal(ProcessSignal.windowChanged)
        // Without that entry (no infocmp/tic) ncurses may still move lines under the pictures.
        let start = { cn_newterm_named(name) != nil }
        guard terminfo.map({ $0.whileCurrent(start) }) ?? start() else {
            restoreSignalDefaults()
            return nil
        }
        return (name, terminfo?.hasScrollingRegion ?? false)
    }

    private init(screen: TerminalScreen, descriptionName: String) {
        self.screen = screen
        self.descriptionName = descriptionName
        redraws.action = { [weak self] in self?.redrawNow() }
    }

    /// Schedules one redraw on the next main-queue turn, however often it is called before then.
    public func setNeedsRedraw() { redraws.setNeedsRedraw() }

    /// Asks the terminal to say when it gains focus (mode 1004), and draws everything again then:
    /// tmux tells a pane it is shown again (a window switched back, a pane unzoomed) this way,
    /// where it may have dropped pictures it keeps only so many of. Off again at `stop()`.
    public func redrawOnFocus() {
        guard !reportsFocus else { return }
        reportsFocus = true
        cn_define_focus_keys()
        TerminalOutput.write(Array("\u{1B}[?1004h".utf8))
    }

    /// Draws the next frame from scratch, pictures included: for a terminal whose screen no
    /// longer shows what was drawn.
    public func redrawEverything() {
        screen.invalidate(size: screen.size)
        setNeedsRedraw()
    }

    /// Draws a frame now.
    public func redrawNow() {
        guard !stopped else { return }
        screen.beginFrame()
        draw?(screen)
        screen.endFrame()
    }

    /// Lends the tty to `body` (a program the user runs on photos, which this thread waits for) as
    /// it was before the app took it: the shell's modes, the normal screen, no mouse or focus
    /// reports; then takes it back and draws everything again, pictures included, in the size it
    /// has now. No key is read meanwhile: the program reads them.
    public func lent<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        guard !stopped else { return try body() }
        if reportsFocus { TerminalOutput.write(Array("\u{1B}[?1004l".utf8)) }
        mousemask(0, nil)
        endwin()
        defer {
            // The first update after endwin puts the program's modes and the alternate screen back.
            refresh()
            mousemask(cn_mouse_wanted(), nil)
            if reportsFocus { TerminalOutput.write(Array("\u{1B}[?1004h".utf8)) }
            terminalDidResize(force: true)
        }
        return try body()
    }

    /// Asks for a key on the shell's screen, in `lent`'s body, so that what a program wrote is
    /// read before the app's screen covers it. Any key goes back, Ctrl-C too (read as a byte, not
    /// a signal that would end the app), and so does input that is gone.
    public static func waitForAnyKey(saying prompt: String) {
        TerminalOutput.write(Array("\r\n\(prompt)".utf8))
        let input = FileDescriptor.standardInput
        _ = TerminalMode.withUnbufferedInput(input, signalsAsInput: true) {
            while (try? input.waitForInput(milliseconds: 60_000)) == false {}
            // The whole key goes (an arrow is several bytes), not only its first byte.
            TerminalMode.discardInput(input)
        }
    }

    /// Gives the tty back as it was. Safe to call more than once.
    public func stop() {
        guard !stopped else { return }
        stopped = true
        sources.forEach { $0.cancel() }
        sources.removeAll()
        screen.releaseImages()
        if reportsFocus { TerminalOutput.write(Array("\u{1B}[?1004l".utf8)) }
        TerminalOutput.write(Array(Self.buttonMotionOff.utf8))
        mousemask(0, nil)
        // Without an alternate screen (the fallback description has none) the grid would stay
        // on the screen under the shell's prompt.
        if !cn_has_alternate_screen() {
            erase()
            refresh()
        }
        endwin()
        TerminalGuard.disarm()
        Self.restoreSignalDefaults()
        Self.isRunning = false
    }

    // MARK: - Setup

    /// Returns the colour pairs of the theme's styles, none without colours.
    private static func configureCurses(theme: TerminalTheme) -> ThemePairs {
        let window = cn_stdscr()
        cbreak()
        noecho()
        nonl()
        keypad(window, true)
        nodelay(window, true)
        // Insert/delete character would shift pictures ncurses does not know about.
        idcok(window, false)
        idlok(window, false)
        // ncurses stops an update part-way when a key is waiting (its typeahead check), but the
        // image layer draws pictures after doupdate() as if every changed cell had been written;
        // rows left for the next frame could then land on pictures that are not sent again.
        typeahead(-1)
        curs_set(0)
        set_escdelay(25)
        mouseinterval(0)
        mousemask(cn_mouse_wanted(), nil)
        // ncurses asks for presses and releases only (mode 1000); 1002 adds the pointer's moves
        // while a button is held, which ncurses reports as REPORT_MOUSE_POSITION: a drag.
        TerminalOutput.write(Array(Self.buttonMotionOn.utf8))
        guard theme.usesColor, has_colors() else { return .none }
        start_color()
        use_default_colors()
        let colors = [theme.accent, theme.selection, theme.status]
        for (offset, pair) in colors.enumerated() {
            init_pair(Int16(offset + 1), pair.foreground, pair.background)
        }
        return ThemePairs(accent: 1, selection: 2, status: 3)
    }

    private static func restoreSignalDefaults() {
        for (signal, _) in handledSignals { cn_default_signal(signal) }
        cn_default_signal(ProcessSignal.windowChanged)
    }

    private static func currentSize() -> CellSize {
        CellSize(columns: Int(cn_cols()), rows: Int(cn_lines()))
    }

    private func makeSources() {
        for (signal, exitCode) in Self.handledSignals {
            addSignalSource(signal) { terminal in
                terminal.stop()
                CurrentProcess.exit(exitCode)
            }
        }
        addSignalSource(ProcessSignal.windowChanged) { $0.terminalDidResize(force: true) }
        // After a Ctrl-Z, curses repaints its text; the pictures are ours to send again.
        addSignalSource(ProcessSignal.continued) { $0.terminalDidResize(force: true) }

        let input = DispatchSource.makeReadSource(fileDescriptor: FileDescriptor.standardInput.rawValue, queue: .main)
        input.setEventHandler { [weak self] in
            MainActor.assumeIsolated { self?.readInput() }
        }
        input.resume()
        sources.append(input)
    }

    private func addSignalSource(_ signal: Int32, handler: @escaping @MainActor (Terminal) -> Void) {
        let source = DispatchSource.makeSignalSource(signal: signal, queue: .main)
        source.setEventHandler { [weak self] in
            MainActor.assumeIsolated {
                guard let self else { return }
                handler(self)
            }
        }
        source.resume()
        sources.append(source)
    }

    // MARK: - Events

    private func readInput() {
        var value: wint_t = 0
        while !stopped {
            let result = get_wch(&value)
            if result == ERR { break }
            if result == cn_key_code_yes() {
                handleKeyCode(Int32(bitPattern: value))
            } else {
                onKey?(KeyDecoder.key(forCharacter: value))
            }
        }
    }

    private func handleKeyCode(_ code: Int32) {
        switch code {
        case cn_key_resize():
            terminalDidResize(force: false)
        case cn_key_focus_in():
            redrawEverything()
        case cn_key_focus_out():
            break
        case cn_key_mouse():
            // Events read together (a press and its release in one write) come as one KEY_MOUSE;
            // getmouse hands them out newest first, one a call, until none is left (ncurses keeps
            // 8 at most).
            var events: [MEVENT] = []
            var event = MEVENT()
            while events.count < 8, getmouse(&event) == OK { events.append(event) }
            for event in events.reversed() {
                let position = Point(row: Int(event.y), column: Int(event.x))
                guard let kind = mouseKind(event.bstate, at: position) else { continue }
                onKey?(.mouse(MouseEvent(kind: kind, position: position)))
            }
        default:
            onKey?(KeyDecoder.key(forCode: code))
        }
    }

    private func mouseKind(_ state: mmask_t, at position: Point) -> MouseEvent.Kind? {
        if state & cn_button4_pressed() != 0 { return .wheelUp }
        if state & cn_button5_pressed() != 0 { return .wheelDown }
        if state & cn_report_mouse_position() != 0 { return .drag }
        if state & cn_button1_released() != 0 { return .release }
        guard state & cn_button1_pressed() != 0 else { return nil }
        let now = ContinuousClock.now - Self.started
        return clicks.press(at: position, time: Double(now.components.seconds) + Double(now.components.attoseconds) / 1e18)
    }

    /// SIGWINCH (force: repaint even at the same size) or a KEY_RESIZE from curses.
    private func terminalDidResize(force: Bool) {
        guard !stopped else { return }
        if let window = try? TerminalSize(of: .standardOutput), window.rows > 0, window.columns > 0,
            window.rows != Int(cn_lines()) || window.columns != Int(cn_cols())
        {
            resizeterm(Int32(window.rows), Int32(window.columns))
        }
        let size = Self.currentSize()
        guard force || size != screen.size else { return }
        screen.invalidate(size: size)
        onResize?(size)
        onKey?(.resize)
        setNeedsRedraw()
        // resizeterm queued a KEY_RESIZE; take it now rather than at the next key press.
        readInput()
    }
}
