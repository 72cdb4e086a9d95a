import Imaging
import OperatingSystem
import TUI

/// Owns the terminal and the first coordinator; routes keys the scenes do not use (quit).
@MainActor public final class AppCoordinator {
    private let environment: AppEnvironment
    private var terminal: Terminal?
    private var photos: PhotosCoordinator?
    private let onExit: (Int32) -> Never

    /// `onExit` ends the process after the terminal is restored (the CLI passes `exit`).
    public init(environment: AppEnvironment, onExit: @escaping (Int32) -> Never) {
        self.environment = environment
        self.onExit = onExit
    }

    /// What the user should know about the terminal once it is theirs again (a fallback
    /// description was used); nil when nothing.
    public var terminalNote: String? {
        guard let name = terminal?.descriptionName, name == TerminalDescription.fallback,
            let requested = CurrentProcess.environmentVariable("TERM"), requested != name else { return nil }
        return "this machine has no terminfo description for TERM=\(requested), so gallery used the plain '\(name)' "
            + "one (8 colours, no mouse); install the terminal's terminfo entry or set TERM=xterm-256color"
    }

    /// Takes over the terminal and shows the photo grid.
    public func start() throws {
        let terminal = try Terminal.start(theme: environment.theme)
        terminal.screen.allowedRegionScrolling = environment.regionScrolling
        let background = environment.pictureBackground
        terminal.screen.keepPictures(like: environment.capabilities, background: (background.r, background.g, background.b))
        self.terminal = terminal
        // tmux drops pictures of a pane it hides; with `focus-events on` it says when the pane shows again.
        if environment.capabilities.tmux != nil { terminal.redrawOnFocus() }
        var environment = self.environment
        if environment.clipboard == nil {
            environment.clipboard = SystemClipboard(environment: environment.processEnvironment,
                                                    terminal: OSC52Clipboard { [weak terminal] in terminal?.sendControlSequence($0) })
        }
        environment.runInTerminal = { [weak terminal] arguments, thenWaitForKey in
            let run = {
                Result { () throws(SystemError) in
                    let ended = try ChildProcess.runInForeground(arguments)
                    // Ended by Ctrl-C: the user wants the app back, not a question.
                    if thenWaitForKey && ended.signal == nil { Terminal.waitForAnyKey(saying: "gallery: press any key to go back") }
                    return ended
                }
            }
            return terminal?.lent(run) ?? run()
        }
        let keyMap = environment.keyMap
        let picker = environment.picker
        let navigator = Navigator(requestRedraw: { [weak terminal] in terminal?.setNeedsRedraw() })
        terminal.draw = { screen in navigator.drawFrame(on: screen) }
        terminal.onKey = { [weak self] key in
            guard let self else { return }
            if navigator.handle(key) { return }
            let actions = keyMap.actions(for: key, in: .app)
            // A picker's quit, or Esc where nothing is left to go back from, ends it with nothing chosen.
            if let picker, actions.contains(.quit) || keyMap.actions(for: key, in: .grid).contains(.back) {
                picker.cancel()
                return
            }
            for action in actions {
                switch action {
                case .quit: self.quit()
                // xterm keeps only its last 16 sixel pictures to repaint a window another one covered.
                case .redraw: self.terminal?.redrawEverything()
                case .help:
                    guard let top = navigator.top else { return }
                    navigator.push(HelpView(over: top, keyMap: picker == nil ? keyMap : keyMap.forPicking, navigator: navigator))
                default: continue
                }
                return
            }
        }
        terminal.onResize = { _ in navigator.setNeedsRedraw() }
        picker?.restoreTerminal = { [weak terminal] in terminal?.stop() }
        let photos = PhotosCoordinator(navigator: navigator, environment: environment)
        self.photos = photos
        photos.start()
        terminal.setNeedsRedraw()
    }

    /// Restores the terminal and exits 0.
    public func quit() {
        terminal?.stop()
        onExit(0)
    }
}
