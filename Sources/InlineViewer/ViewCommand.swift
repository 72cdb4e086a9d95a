import Imaging
import OperatingSystem
import TerminalVocabulary

/// `gallery view FILE...`: prints images inline to stdout, one after the other, like chafa or timg,
/// through the same decode / resize / encode pipeline as the gallery's thumbnails.
///
/// Whole-process speed is the point (it is benchmarked against those tools), so this path touches
/// no Foundation, starts no event loop, never queries the terminal and writes each image with one
/// `write`.
public struct ViewCommand {
    let files: [String]
    let size: CellSize?
    let render: RenderMode?
    /// Shows one file in another process, given that process's `view` arguments; true when it
    /// was shown. For pictures this one cannot decode (`ImageError.unavailable`).
    let handOver: (([String]) -> Bool)?

    init(_ arguments: ViewArguments, handOver: (([String]) -> Bool)? = nil) {
        files = arguments.files
        size = arguments.size
        render = arguments.render
        self.handOver = handOver
    }

    /// Parses `arguments` (those after `view`), prints every file and exits: 0 when all were
    /// shown (or help was asked for), 1 when any failed, 64 with one line on stderr for a usage
    /// error. `handOver` shows a file this process cannot decode in another (see `handOver`).
    public static func runAndExit(_ arguments: [String], handOver: (([String]) -> Bool)? = nil) -> Never {
        // Large buffers from the heap rather than fresh mmaps: a photo's buffers live one after
        // the other (the decoder's planes and differences, pixels, the quantiser's tables), and a
        // freed one's pages, already faulted in, then serve the next instead of being unmapped
        // and faulted again (page faults are a measurable part of a run: BENCHMARKS.md).
        _ = glibcMallopt(-3, 256 << 20)  // M_MMAP_THRESHOLD
        _ = glibcMallopt(-1, 512 << 20)  // M_TRIM_THRESHOLD
        let request: ViewArguments.Request
        do {
            request = try ViewArguments.parse(arguments)
        } catch {
            FileOutput.standardError.report("\(error) (see 'gallery view --help')")
            CurrentProcess.exit(64)
        }
        guard case .view(let parsed) = request else {
            FileOutput.standardOutput.write(ViewArguments.help)
            CurrentProcess.exit(0)
        }
        let command = ViewCommand(parsed, handOver: handOver)
        // The environment's token for a value that is not UTF-8 (a home folder), not U+FFFD: the log is
        // found under the home's own bytes.
        let environment = CurrentProcess.environment
        CurrentProcess.exit(command.printImages(environment: { environment[$0] }) ? 0 : 1)
    }

    /// Prints each file to stdout, reporting failures on stderr; true when every file was shown.
    func printImages(environment variable: (String) -> String?) -> Bool {
        let guess = TerminalGuess(environment: variable)
        let renderer = InlineImageRenderer(
            mode: render ?? RenderMode(guess: guess),
            box: size ?? TerminalWindow.of(descriptor: 1).map(Self.defaultBox) ?? CellSize(columns: 80, rows: 24),
            cellPixels: TerminalWindow.reportedCellPixels() ?? .fallbackCell,
            depth: ColorDepth.fromEnvironment(["TERM", "COLORTERM", "NO_COLOR"].reduce(into: [:]) { env, name in
                env[name] = variable(name)
            }),
            kittyPixels: KittyPicture.Pixels(for: guess))
        if let size, renderer.isBoxCut {
            let box = renderer.pixelBox
            let most = renderer.mode.drawsPixels ? "\(box.width)x\(box.height) pixels"
                                                 : "\(box.width)x\(box.height / 2) cells"
            FileOutput.standardError.report(
                "--size \(size.columns)x\(size.rows) is larger than a terminal can show; drawing at most \(most)")
        }
        // Ids stay distinct across runs in one kitty window, so a new image never replaces an old one.
        let idBase = UInt32(truncatingIfNeeded: CurrentProcess.id & 0x3F_FFFF) << 8
        var allShown = true
        var shownSixel = false
        // One animated GIF or WebP, or one video, on a terminal (keys to stop it) plays; otherwise
        // its first frame, or the video's poster, shows.
        let animates = files.count == 1 && TerminalMode.isTerminal(.standardInput) && TerminalMode.isTerminal(.standardOutput)
        for (index, file) in files.enumerated() {
            let path = FilePath(argument: file)
            do {
                // What decoders print themselves (dav1d's "Unknown OBU type 0") is not ours to
                // show: stderr is taken while a file is read and drawn, its lines go to the log as
                // warnings, and it gets back our one line.
                let libraries = try? StandardErrorRedirection()
                defer {
                    if let lines = libraries?.restore(), !lines.isEmpty {
                        StandardErrorRedirection.appendWarnings(lines, toLogAt: Self.logPath(environment: variable))
                    }
                }
                let imageID = idBase | UInt32(index % 255 + 1)
                var output = FileInput.isVideo(path)
                    ? try Self.show(VideoFile(path: path), renderer: renderer, imageID: imageID, plays: animates)
                    : try FileInput.withContents(of: path) { bytes in
                        // A video from a pipe: what was read, within the cap, is all there is,
                        // so it cannot be handed over to another process to read again.
                        if VideoFormat(sniffing: bytes) != nil {
                            guard VideoFile.isAvailable else {
                                throw FileInput.Failure(describing: "a video read from a pipe, which gallery view cannot play here: name the file itself")
                            }
                            return try Self.show(VideoFile(bytes: bytes), renderer: renderer, imageID: imageID, plays: animates)
                        }
                        if animates, var player = try AnimationPlayer(bytes, renderer: renderer, imageID: imageID) {
                            try player.play()
                            return [UInt8]()
                        }
                        // The decode alone is timed (encoding 4096 x 4096 pixels as sixel is not a
                        // file's fault), with a copy of the bytes: left unfinished, it outlives this borrow.
                        let owned = Array(bytes)
                        let picture = try DecodeDeadline.run { try renderer.decode(owned) }
                        return try renderer.draw(picture, imageID: imageID).bytes
                    }
                // A sixel image ends where the terminal leaves the cursor below it; the next one
                // starts on a fresh line.
                if renderer.mode == .sixel {
                    if shownSixel { output.insert(UInt8(ascii: "\n"), at: 0) }
                    shownSixel = true
                }
                FileOutput.standardOutput.write(bytes: output)
            } catch ImageError.unavailable where handOver != nil {
                if renderer.mode == .sixel && shownSixel { FileOutput.standardOutput.write("\n") }
                shownSixel = shownSixel || renderer.mode == .sixel
                if handOver?(handOverArguments(for: file)) != true { allShown = false }
            } catch {
                allShown = false
                // One line a file, whatever its name or the library's words hold.
                FileOutput.standardError.report("\(path): \(error)")
            }
        }
        return allShown
    }

    /// `video` played in place until a key stops it (nothing left to print then), or its
    /// poster's bytes. Opening it throws `ImageError.unavailable` where FFmpeg cannot be loaded
    /// (the static launcher, which hands the file over).
    static func show(_ video: @autoclosure () throws -> VideoFile, renderer: InlineImageRenderer, imageID: UInt32,
                     plays: Bool) throws -> [UInt8] {
        let video = try video()
        if plays, let frames = try VideoFrames(video, renderer: renderer, imageID: imageID) {
            var player = AnimationPlayer(source: frames, rows: frames.rows)
            try player.play()
            return []
        }
        return try renderer.draw(video.poster(fittingIn: renderer.pixelBox).image, imageID: imageID).bytes
    }

    /// The app's log (`XDGDirectories.log`), where what libraries print goes.
    static func logPath(environment variable: (String) -> String?) -> FilePath {
        let names = ["HOME", "XDG_STATE_HOME"]
        return XDGDirectories(environment: names.reduce(into: [:]) { $0[$1] = variable($1) }).log
    }

    /// `view`'s arguments for `file` alone, with this command's options.
    func handOverArguments(for file: String) -> [String] {
        var arguments = ["view"]
        if let size { arguments += ["--size", "\(size.columns)x\(size.rows)"] }
        if let render { arguments += ["--render", render.rawValue] }
        return arguments + ["--", file]
    }

    /// The whole terminal, less one row so the prompt after the last image does not scroll it away.
    private static func defaultBox(_ window: TerminalWindow) -> CellSize {
        CellSize(columns: window.cells.columns, rows: max(1, window.cells.rows - 1))
    }
}

/// glibc's `mallopt`, which Swift's Glibc module leaves out (it does not import <malloc.h>).
@_silgen_name("mallopt") private func glibcMallopt(_ parameter: Int32, _ value: Int32) -> Int32
