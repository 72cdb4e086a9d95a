#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

import OperatingSystem

/// Puts bytes on the user's clipboard: a URL's text, or a file's path as the system names it.
@MainActor public protocol Clipboard: AnyObject, Sendable {
    /// Copies `bytes` (never empty) and says where they went, for the status bar ("with xclip").
    func copy(_ bytes: [UInt8]) -> String
}

/// The clipboard a person at this terminal pastes from: tmux's buffer inside tmux (`tmux
/// load-buffer -w`, which also hands it to the terminal outside when tmux may), the desktop's in a
/// local Wayland or X11 session (`wl-copy`, `xclip`, `xsel`), else the terminal's own (OSC 52).
/// tmux's default `set-clipboard external` drops an application's OSC 52, and xterm refuses it
/// unless allowed (`disallowedWindowOps`): the programs reach a clipboard where OSC 52 does not.
@MainActor public final class SystemClipboard: Clipboard {
    /// A program that takes the bytes on its stdin, and how the status bar names it.
    struct Program: Equatable {
        let arguments: [String]
        let place: String
    }

    private let programs: [Program]
    private let terminal: OSC52Clipboard
    private let timeout: Duration

    /// `environment` says where the app runs (`TMUX`, `WAYLAND_DISPLAY`, `DISPLAY`, `SSH_*`) and
    /// where programs are (`PATH`); `terminal` is the OSC 52 fallback; a program that has not
    /// exited after `timeout` is stopped and counts as failed.
    public init(environment: [String: String], terminal: OSC52Clipboard, timeout: Duration = .milliseconds(500)) {
        programs = Self.programs(environment: environment)
        self.terminal = terminal
        self.timeout = timeout
    }

    /// The programs to hand the bytes to, in order, found on `PATH`. A desktop's clipboard counts
    /// only on the machine it runs on: over SSH, `DISPLAY` is a forwarded or stale one.
    static func programs(environment: [String: String]) -> [Program] {
        let searchPath = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        func found(_ name: String, _ arguments: [String], _ place: String) -> Program? {
            File.program(name, searchPath: searchPath).map { Program(arguments: [$0] + arguments, place: place) }
        }
        var programs: [Program] = []
        if environment["TMUX"]?.isEmpty == false, let tmux = found("tmux", ["load-buffer", "-w", "-"], "tmux's buffer") {
            programs.append(tmux)
        }
        let local = environment["SSH_CONNECTION"] == nil && environment["SSH_TTY"] == nil
        var desktop: [Program?] = []
        if local, environment["WAYLAND_DISPLAY"]?.isEmpty == false { desktop.append(found("wl-copy", [], "wl-copy")) }
        if local, environment["DISPLAY"]?.isEmpty == false {
            desktop += [found("xclip", ["-selection", "clipboard"], "xclip"), found("xsel", ["--clipboard", "--input"], "xsel")]
        }
        if let first = desktop.compactMap({ $0 }).first { programs.append(first) }
        return programs
    }

    /// Each program that takes the bytes within a moment; the terminal's OSC 52 when none did.
    public func copy(_ bytes: [UInt8]) -> String {
        // On the main thread, briefly: these programs read a path and exit (xclip leaves a copy of
        // itself serving the selection, in its own session), and the status bar's sentence
        // waits for where the path went.
        let places = programs.filter {
            ChildProcess.succeeds($0.arguments.map { FilePath($0) }, input: bytes, timeout: timeout)
        }.map(\.place)
        guard !places.isEmpty else { return terminal.copy(bytes) }
        return "to " + places.joined(separator: " and ")
    }
}

/// The clipboard through the terminal: OSC 52 (`ESC ] 52 ; c ; <base64> BEL`), which xterm, kitty,
/// iTerm2, WezTerm and tmux (with `set-clipboard on`) pass to the system clipboard, over SSH too.
@MainActor public final class OSC52Clipboard: Clipboard {
    private let send: @MainActor ([UInt8]) -> Void

    /// `send` writes bytes to the tty, past curses (`Terminal.sendControlSequence`).
    public init(send: @escaping @MainActor ([UInt8]) -> Void) {
        self.send = send
    }

    /// Nothing is sent for no bytes: terminals take an empty OSC 52 as "clear the clipboard".
    @discardableResult
    public func copy(_ bytes: [UInt8]) -> String {
        if !bytes.isEmpty { send(Self.sequence(for: bytes)) }
        return "by OSC 52"
    }

    static func sequence(for bytes: [UInt8]) -> [UInt8] {
        Array("\u{1B}]52;c;\(Data(bytes).base64EncodedString())\u{07}".utf8)
    }
}
