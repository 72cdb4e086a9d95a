import Foundation
public import OperatingSystem

/// Opens a web page in the user's browser.
public protocol URLOpening: Sendable {
    /// Starts opening `url`; false when there is no way to (no opener installed).
    func open(_ url: String) -> Bool
    /// Starts opening `target` (a URL or a file's path, its bytes as they are); returns the
    /// program doing it, nil when there is none. `onFailure` is called, with that program, if it
    /// ends unsuccessfully.
    func open(_ target: FilePath, onFailure: @escaping @Sendable (String) -> Void) -> String?
}

extension URLOpening {
    /// Openers that cannot tell a failure: only whether they started.
    public func open(_ target: FilePath, onFailure: @escaping @Sendable (String) -> Void) -> String? {
        open(target.description) ? "the opener" : nil
    }
}

/// Opens URLs with `xdg-open` (or macOS `open`) found on `PATH`, spawned detached: its own session,
/// stdio on /dev/null (it must never write over the UI), and reaped on a thread of its own.
public struct SystemURLOpener: URLOpening {
    /// Programs tried in order.
    public static let openers = ["xdg-open", "open"]
    private let searchPath: String

    /// `searchPath` is a `PATH`-style list of directories.
    public init(searchPath: String) {
        self.searchPath = searchPath
    }

    /// The opener that would be used, if any.
    public var opener: String? {
        Self.openers.lazy.compactMap { File.program($0, searchPath: searchPath) }.first
    }

    public func open(_ url: String) -> Bool {
        open(FilePath(url), onFailure: { _ in }) != nil
    }

    public func open(_ target: FilePath, onFailure: @escaping @Sendable (String) -> Void) -> String? {
        guard let opener,
            let child = try? ChildProcess.start([FilePath(opener), target], newSession: true)
        else { return nil }
        // xdg-open may run as long as the browser or viewer does; wait for it off the main and
        // cooperative threads.
        Thread.detachNewThread {
            if (try? child.waitForSuccess()) != true { onFailure(opener) }
        }
        return opener
    }
}
