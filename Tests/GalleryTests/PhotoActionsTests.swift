import TestSupport
import Foundation
import Testing
@testable import Gallery

@MainActor
@Suite("PhotoActions")
struct PhotoActionsTests {
    let photo = LibraryItem.sample("p1")
    let link = "https://unsplash.test/photos/p1?utm_source=gallery&utm_medium=referral"

    @Test func openUsesTheOpenerOrShowsTheURL() {
        let opener = FakeOpener(available: true)
        let actions = PhotoActions(opener: opener, downloader: nil, clipboard: nil)
        actions.open(photo)
        #expect(opener.urls == [link])
        #expect(actions.statusText == "opening \(link)")

        let none = PhotoActions(opener: FakeOpener(available: false), downloader: nil, clipboard: nil)
        none.open(photo)
        #expect(none.statusText == link)
        let missing = PhotoActions(opener: nil, downloader: nil, clipboard: nil)
        missing.open(photo)
        #expect(missing.statusText == link)
    }

    @Test func copyPutsTheLinkOnTheClipboard() {
        let clipboard = FakeClipboard()
        let actions = PhotoActions(opener: nil, downloader: nil, clipboard: clipboard)
        actions.copyLink(of: photo)
        #expect(clipboard.copied == [link])
        #expect(actions.statusText == "copied \(link) to the fake")
        actions.dismissMessage()
        #expect(actions.statusText == nil)
    }

    /// The demo's photos link to a server that ends with the app: `o` and `y` say so, and nothing
    /// opens and nothing replaces what the clipboard held.
    @Test func photosWithoutAWebPageSaySoInsteadOfADeadLink() {
        let opener = FakeOpener(available: true)
        let clipboard = FakeClipboard()
        let actions = PhotoActions(opener: opener, downloader: nil, clipboard: clipboard,
                                   noWebPageReason: "demo photos have no web page")
        actions.open(photo)
        #expect(actions.statusText == "demo photos have no web page")
        actions.copyLink(of: photo)
        #expect(actions.statusText == "demo photos have no web page: nothing copied")
        #expect(opener.urls.isEmpty && clipboard.copied.isEmpty)
    }

    /// `y` reaches a clipboard a person pastes from: tmux's buffer inside tmux, the desktop's
    /// through its program on a local desktop, the terminal's OSC 52 otherwise (and over SSH).
    @Test func theClipboardIsTmuxsTheDesktopsOrTheTerminals() throws {
        let bin = try TemporaryDirectory()
        defer { bin.remove() }
        for name in ["tmux", "xclip", "wl-copy"] {
            // Each fake keeps its arguments and its stdin.
            try bin.write(Array("#!/bin/sh\necho \"$@\" > \(bin.path)/\(name).args\ncat > \(bin.path)/\(name).in\n".utf8), to: name)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bin.path + "/" + name)
        }
        var sent: [[UInt8]] = []
        let terminal = OSC52Clipboard { sent.append($0) }
        let path = Array("/p/c".utf8) + [0xFF] + Array(".jpg".utf8)

        let inTmux = SystemClipboard(environment: ["PATH": bin.path, "TMUX": "/tmp/tmux-0/default,1,0", "DISPLAY": ":0"],
                                     terminal: terminal, timeout: .seconds(20))
        #expect(inTmux.copy(path) == "to tmux's buffer and xclip")
        #expect(bin.read("tmux.in") == path && bin.read("xclip.in") == path && sent.isEmpty)
        #expect(String(decoding: bin.read("tmux.args"), as: UTF8.self) == "load-buffer -w -\n")
        #expect(String(decoding: bin.read("xclip.args"), as: UTF8.self) == "-selection clipboard\n")

        let wayland = SystemClipboard(environment: ["PATH": bin.path, "WAYLAND_DISPLAY": "wayland-0", "DISPLAY": ":0"],
                                      terminal: terminal, timeout: .seconds(20))
        #expect(wayland.copy(Array("w".utf8)) == "to wl-copy" && bin.read("wl-copy.in") == Array("w".utf8))

        let overSSH = SystemClipboard(environment: ["PATH": bin.path, "DISPLAY": "localhost:10.0", "SSH_TTY": "/dev/pts/1"],
                                      terminal: terminal, timeout: .seconds(20))
        #expect(overSSH.copy(Array("s".utf8)) == "by OSC 52" && sent == [OSC52Clipboard.sequence(for: Array("s".utf8))])

        // A program that fails leaves the copy to the terminal.
        try bin.write(Array("#!/bin/sh\nexit 1\n".utf8), to: "xclip")
        let failing = SystemClipboard(environment: ["PATH": bin.path, "DISPLAY": ":0"], terminal: terminal, timeout: .seconds(20))
        #expect(failing.copy(Array("f".utf8)) == "by OSC 52" && sent.count == 2)
    }

    @Test func osc52SequenceCarriesTheTextInBase64() {
        var sent: [[UInt8]] = []
        let clipboard = OSC52Clipboard { sent.append($0) }
        clipboard.copy(Array("hi ✓".utf8))
        #expect(sent == [Array("\u{1B}]52;c;aGkg4pyT\u{07}".utf8)])
    }

    @Test func downloadShowsProgressThenWhereItSaved() async throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let fetcher = FakeFetcher(progressSteps: [DownloadProgress(received: 512 * 1024, expected: 1024 * 1024)])
        let actions = PhotoActions(opener: nil, downloader: PhotoDownloader(fetcher: fetcher, directory: dir.path),
                                   clipboard: nil)
        actions.download(photo)
        #expect(actions.statusText?.hasPrefix("downloading") == true)
        await eventually { actions.statusText == "downloading 50% [#####-----] 512.0 KB" }
        actions.download(photo)
        #expect(actions.statusText == "a download is already running")
        await fetcher.requests.until { $0.pendingKeys.count == 1 }
        fetcher.requests.resolve(try #require(PhotoDownloader.originalURL(of: photo)), with: .success([1, 2, 3]))
        await eventually { actions.download == nil }
        #expect(actions.statusText == "saved to \(dir.path)/p1.jpg")
        #expect(dir.contents() == ["p1.jpg"])
    }

    @Test func aFailedDownloadSaysWhy() async throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let fetcher = FakeFetcher()
        let actions = PhotoActions(opener: nil, downloader: PhotoDownloader(fetcher: fetcher, directory: dir.path),
                                   clipboard: nil)
        actions.download(photo)
        await fetcher.requests.until { $0.pendingKeys.count == 1 }
        fetcher.requests.resolve(try #require(PhotoDownloader.originalURL(of: photo)), with: .failure(TestError()))
        await eventually { actions.download == nil }
        #expect(actions.statusText == "download failed: boom")
        #expect(dir.contents().isEmpty)
    }

    @Test func withoutADownloaderDownloadSaysSo() {
        let actions = PhotoActions(opener: nil, downloader: nil, clipboard: nil)
        actions.download(photo)
        #expect(actions.statusText == "downloads are not available")
    }

    @Test func progressTextWithoutALength() {
        #expect(ByteCount.text(812) == "812 B")
        #expect(ByteCount.text(3 * 1024 + 400) == "3.4 KB")
        #expect(ByteCount.text(12 * 1024 * 1024) == "12.0 MB")
        #expect(ProgressBar.text(fraction: 0.25, width: 8) == "[##------]")
        #expect(ProgressBar.text(fraction: 2, width: 4) == "[####]")
    }
}

@Suite("SystemURLOpener")
struct SystemURLOpenerTests {
    @Test func spawnsXdgOpenFromThePathDetached() async throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let script = dir.path + "/xdg-open"
        let output = dir.path + "/opened.txt"
        // Records its argument and whether it has a terminal (it must not).
        try "#!/bin/sh\nif [ -t 1 ]; then tty=yes; else tty=no; fi\nprintf '%s %s' \"$1\" \"$tty\" > \(output).tmp && mv \(output).tmp \(output)\n"
            .write(toFile: script, atomically: true, encoding: .utf8)
        chmod(script, 0o755)
        let opener = SystemURLOpener(searchPath: "/nonexistent:" + dir.path)
        #expect(opener.opener == script)
        #expect(opener.open("https://example.test/p?a=1&b=2"))
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(10)
        while !FileManager.default.fileExists(atPath: output) && clock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(try String(contentsOfFile: output, encoding: .utf8) == "https://example.test/p?a=1&b=2 no")
    }

    @Test func withoutAnOpenerItSaysSo() {
        let opener = SystemURLOpener(searchPath: "/nonexistent")
        #expect(opener.opener == nil)
        #expect(!opener.open("https://example.test"))
    }
}
