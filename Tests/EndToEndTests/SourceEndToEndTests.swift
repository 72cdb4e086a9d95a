import DemoCatalog
import Foundation
import Net
import TestSupport
import Testing

/// `--source` forms and the folder argument, through the real binary.
@Suite(.serialized) struct SourceEndToEndTests {
    @Test func unsplashWithoutAKeyNamesTheVariableAndExits1BeforeTheUI() throws {
        let gallery = try #require(galleryExecutable())
        var environment = ProcessInfo.processInfo.environment
        environment["UNSPLASH_ACCESS_KEY"] = nil
        for arguments in [["--source", "unsplash"], ["--source", "UNSPLASH"]] {
            let result = try runProgram([gallery] + arguments, environment: environment)
            #expect(result.status == 1, "\(arguments): exit \(result.status)")
            let lines = result.stderr.split(separator: "\n")
            #expect(lines.count == 1 && lines[0].hasPrefix("gallery: UNSPLASH_ACCESS_KEY is not set"), "\(result.stderr)")
            // The terminal was never taken over.
            #expect(result.stdout.isEmpty)
        }
    }

    @Test func aMissingFolderIsOneClearLine() throws {
        let gallery = try #require(galleryExecutable())
        for arguments in [["/nonexistent"], ["--source", "dir", "/nonexistent"]] {
            let result = try runProgram([gallery] + arguments)
            #expect(result.status == 1, "\(arguments): exit \(result.status)")
            #expect(result.stderr == "gallery: there is no file or folder /nonexistent: check the path\n")
            #expect(result.stdout.isEmpty)
        }
    }

    @Test func malformedSourceFormsAreUsageErrors() throws {
        let gallery = try #require(galleryExecutable())
        let cases: [([String], String)] = [
            (["--source", "dir"], "--source dir needs a folder"),
            (["--source", "picsum", "/tmp"], "unexpected argument '/tmp'"),
            (["--source", "flickr"], "--source must be auto, demo, unsplash, picsum, dir PATH or an http(s) URL"),
        ]
        for (arguments, message) in cases {
            let result = try runProgram([gallery] + arguments)
            #expect(result.status == 64, "\(arguments): exit \(result.status)")
            let lines = result.stderr.split(separator: "\n")
            #expect(lines.count == 1 && lines[0].hasPrefix("gallery: \(message)"), "\(arguments): \(result.stderr)")
        }
    }

    @Test func browsesAFolderGivenAsABareArgument() async throws {
        let gallery = try #require(galleryExecutable())
        let scratch = try TemporaryDirectory(), folder = scratch.url
        defer { scratch.remove() }
        try await writeDemoJPEGs(names: ["harbour.jpg", "meadow.jpg", "skyline.jpg"], into: folder)
        try Data("not a picture".utf8).write(to: folder.appendingPathComponent("readme.txt"))

        let tmux = try TmuxSession(columns: 120, rows: 40)
        try tmux.type("\(gallery) \(folder.path) --render ascii; echo EXIT=$?", enter: true)
        let grid = try await tmux.waitFor { screen in
            let text = screen.joined()
            return text.contains("3 photos") && text.contains("skyline.jpg") && !text.contains("loading…")
        }
        #expect(grid.ok, "\(grid.screen.joined(separator: "\n"))")
        #expect(!grid.screen.joined().contains("readme.txt"))

        try tmux.press("Enter")
        let detail = try await tmux.waitFor { $0.joined().contains("File: harbour.jpg") }
        #expect(detail.ok, "\(detail.screen.joined(separator: "\n"))")
        #expect(detail.screen.joined().contains("64 × 48 px"))
        #expect(detail.screen.contains { $0.contains("Size: ") && $0.contains(" bytes)") })

        try tmux.press("Escape")
        try tmux.press("q")
        #expect(try await tmux.waitFor { $0.contains { $0.contains("EXIT=0") } }.ok)
    }
}

/// JPEGs of 64 x 48 from the demo catalog, so this target needs no image encoder of its own.
func writeDemoJPEGs(names: [String], into folder: URL) async throws {
    let server = DemoCatalogServer()
    let base = try await server.start()
    let client = HTTPClient()
    let list = try await client.get("\(base)/photos?page=1&per_page=\(names.count)")
    let photos = try #require(try JSONSerialization.jsonObject(with: Data(list.body)) as? [[String: Any]])
    for (name, photo) in zip(names, photos) {
        let id = try #require(photo["id"] as? String)
        let image = try await client.get("\(base)/images/\(id)?w=64&h=48&fit=crop")
        try Data(image.body).write(to: folder.appendingPathComponent(name))
    }
    await server.stop()
}
