import TerminalVocabulary
import Foundation
import Imaging
import ImagingTestSupport
import Testing
import TestSupport

/// `gallery view FILE...` as a whole process: what it prints, what it reports, how it exits.
@Suite(.enabled(if: SharedPhotos.has("coffee-1080.jpg", "astronaut.png"), SharedPhotos.absent))
struct ViewCommandTests {
    /// A colour terminal's environment, so half-block rows carry colour codes whatever CI has.
    private let colourTerminal = ["TERM": "xterm-256color", "COLORTERM": "truecolor", "PATH": "/usr/bin:/bin"]

    @Test func halfBlocksFitTheBoxOneLinePerRow() throws {
        let jpeg = try photo("coffee-1080.jpg"), png = try photo("astronaut.png")
        let result = try view([jpeg, png, "--size", "20x6", "--render", "halfblock"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 13 && lines.last == "", "\(lines.count) lines")
        // coffee is 1080x720: a 20x12 pixel box fits 18x12, 6 rows. astronaut is square: 12x12.
        for (index, line) in lines.dropLast().enumerated() {
            #expect(line.hasSuffix("\u{1B}[0m"), "line \(index) does not end with a reset")
            #expect(visibleCharacters(line).count == (index < 6 ? 18 : 12), "line \(index): \(visibleCharacters(line))")
            #expect(visibleCharacters(line).allSatisfy { $0 == "\u{2580}" })
            #expect(line.contains("\u{1B}[38;2;"), "line \(index) has no truecolor foreground")
        }
    }

    @Test func sixelIsOneDCSStringOfTheFittedPixelSize() throws {
        let path = try photo("coffee-1080.jpg")
        let result = try view([path, "--size", "24x8", "--render", "sixel"])
        #expect(result.status == 0, "\(result.stderr)")
        let bytes = Array(result.stdout.utf8)
        #expect(bytes.starts(with: [0x1B, 0x50]), "does not start with ESC P")
        #expect(bytes.suffix(2) == [0x1B, 0x5C], "does not end with ESC \\")
        // Not a tty: 10x20 pixel cells, so the box is 240x160, which a 3:2 photo fills exactly.
        let decoded = try SixelDecoder.decode(bytes)
        #expect(decoded.width == 240 && decoded.height == 160, "\(decoded)")
        let reference = try ImageDecoder.decode(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
            .resized(width: 240, height: 160)
        #expect(decoded.psnr(comparedTo: reference) > 30, "the sixel does not look like the photo")
    }

    @Test func kittyAndITermCoverTheFittedCells() throws {
        let path = try photo("astronaut.png")
        let kitty = try view([path, "--size", "24x8", "--render", "kitty"])
        #expect(kitty.status == 0)
        // Square photo in a 240x160 box: 160x160 pixels, 16x8 cells of 10x20.
        #expect(kitty.stdout.hasPrefix("\u{1B}_Ga=T,f=24,s=160,v=160,"), "\(kitty.stdout.prefix(60))")
        #expect(kitty.stdout.contains(",c=16,r=8,"))
        #expect(kitty.stdout.hasSuffix("\u{1B}\\\n"))
        let iterm = try view([path, "--size", "24x8", "--render", "iterm"])
        #expect(iterm.status == 0)
        #expect(iterm.stdout.hasPrefix("\u{1B}]1337;File=inline=1;"))
        #expect(iterm.stdout.contains(";width=16;height=8;"))
    }

    /// Over SSH, kitty pixels go as PNG, the same cells covered in fewer bytes.
    @Test func kittyOverSSHSendsPNG() throws {
        let path = try photo("astronaut.png")
        var remote = colourTerminal
        remote["SSH_CONNECTION"] = "10.0.0.2 50022 10.0.0.1 22"
        let png = try view([path, "--size", "24x8", "--render", "kitty"], environment: remote)
        let rgb = try view([path, "--size", "24x8", "--render", "kitty"])
        #expect(png.status == 0)
        #expect(png.stdout.hasPrefix("\u{1B}_Ga=T,f=100,i="), "\(png.stdout.prefix(60))")
        #expect(png.stdout.contains(",c=16,r=8,"))
        #expect(png.stdout.utf8.count < rgb.stdout.utf8.count * 3 / 4, "\(png.stdout.utf8.count) against \(rgb.stdout.utf8.count)")
    }

    /// ImagingTests' format fixtures: one photo in each format.
    private static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../ImagingTests/Fixtures").standardized.path

    /// Every format, in sixel, looks like the photo's PNG. HEIF and AVIF are shown by a child
    /// `gallery-app` (the static launcher cannot load libheif), to the same stdout.
    @Test(arguments: ["coffee.webp", "coffee.gif", "coffee.tif", "coffee-32-24.bmp", "coffee.heic", "coffee.avif"])
    func everyFormatIsShown(_ name: String) throws {
        let result = try view(["\(Self.fixtures)/\(name)", "--size", "24x8", "--render", "sixel"])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        let decoded = try SixelDecoder.decode(Array(result.stdout.utf8))
        let png = name.hasPrefix("coffee-32") ? "coffee-32.png" : "coffee.png"
        let reference = try ImageDecoder.decode(Array(try Data(contentsOf: URL(fileURLWithPath: "\(Self.fixtures)/\(png)"))))
            .resized(width: decoded.width, height: decoded.height)
        #expect(decoded.psnr(comparedTo: reference) > 25, "\(name) does not look like the photo")
    }

    @Test func aHandedOverPictureKeepsItsPlaceAmongTheOthers() throws {
        let png = "\(Self.fixtures)/coffee.png", heic = "\(Self.fixtures)/coffee.heic"
        let result = try view([png, heic, "/no/such/file", png, "--size", "20x3", "--render", "halfblock"])
        #expect(result.status == 1)
        #expect(result.stderr == "gallery: /no/such/file: No such file or directory\n")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 9, "\(lines.count) lines")
        // The photo, the HEIC one (lossy, so its own colours), the photo again.
        #expect(lines.count == 9 && lines[0..<3] == lines[6..<9] && lines[3..<6] != lines[0..<3])
    }

    /// A camera RAW and a JPEG XL file are handed to `gallery-app` as HEIF is (the static launcher
    /// cannot load LibRaw or libjxl): the DNG's embedded preview, upright by the RAW's orientation,
    /// and the JPEG XL file like its photo; a DNG cut short is one line on stderr.
    @Test func aCameraRAWAndAJPEGXLFileAreShown() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let dng = folder.url.appendingPathComponent("photo.dng").path
        let made = try runProgram(["python3", "\(Self.fixtures)/make-dng.py", dng])
        try #require(made.status == 0, "\(made.stderr)")
        let shown = try view([dng, "--size", "24x8", "--render", "sixel"])
        #expect(shown.status == 0 && shown.stderr.isEmpty, "\(shown.stderr)")
        let picture = try SixelDecoder.decode(Array(shown.stdout.utf8))
        // The 128x96 preview stored red on the left, turned clockwise: 120x160 in a 240x160 box.
        #expect(picture.width == 120 && picture.height == 160, "\(picture)")
        let (top, bottom) = (picture[60, 20], picture[60, 140])
        #expect(top.r > 150 && top.b < 100 && bottom.b > 150 && bottom.r < 100, "\(top) above \(bottom)")

        let cut = folder.url.appendingPathComponent("cut.dng").path
        try Data(try Data(contentsOf: URL(fileURLWithPath: dng)).prefix(200)).write(to: URL(fileURLWithPath: cut))
        let refused = try view([cut, "--size", "24x8", "--render", "sixel"])
        #expect(refused.status == 1 && refused.stdout.isEmpty)
        #expect(refused.stderr.hasPrefix("gallery: \(cut): corrupt image: ") && refused.stderr.filter { $0 == "\n" }.count == 1,
                "\(refused.stderr)")

        guard isOnPath("cjxl") else { return }
        let jxl = folder.url.appendingPathComponent("coffee.jxl").path
        try #require(try runProgram(["cjxl", "\(Self.fixtures)/coffee.png", jxl, "-d", "1"]).status == 0)
        let result = try view([jxl, "--size", "24x8", "--render", "sixel"])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        let decoded = try SixelDecoder.decode(Array(result.stdout.utf8))
        let reference = try ImageDecoder.decode(Array(try Data(contentsOf: URL(fileURLWithPath: "\(Self.fixtures)/coffee.png"))))
            .resized(width: decoded.width, height: decoded.height)
        #expect(decoded.psnr(comparedTo: reference) > 25)
    }

    @Test func badFilesAreReportedAndTheOthersStillPrint() throws {
        let good = try photo("astronaut.png")
        let jpeg = try Data(contentsOf: URL(fileURLWithPath: try photo("coffee-1080.jpg")))
        let corrupt = FileManager.default.temporaryDirectory.appendingPathComponent("view-\(UUID().uuidString).jpg")
        // Cut inside its header: no picture at all (a file cut later shows what it holds).
        try jpeg.prefix(100).write(to: corrupt)
        defer { try? FileManager.default.removeItem(at: corrupt) }
        let missing = "/nonexistent/\(UUID().uuidString).jpg"

        let result = try view([corrupt.path, good, missing, "--size", "20x6", "--render", "halfblock"])
        #expect(result.status == 1)
        let errors = result.stderr.split(separator: "\n")
        #expect(errors.count == 2, "\(result.stderr)")
        #expect(errors.first?.hasPrefix("gallery: \(corrupt.path): corrupt image: ") == true, "\(result.stderr)")
        #expect(errors.last == "gallery: \(missing): No such file or directory", "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n").count == 6, "the good file was not printed")
    }

    @Test func aFileCutShortPrintsWhatItHolds() throws {
        let jpeg = try Data(contentsOf: URL(fileURLWithPath: try photo("coffee-1080.jpg")))
        let cut = FileManager.default.temporaryDirectory.appendingPathComponent("view-\(UUID().uuidString).jpg")
        try jpeg.prefix(jpeg.count / 2).write(to: cut)
        defer { try? FileManager.default.removeItem(at: cut) }
        let result = try view([cut.path, "--size", "20x6", "--render", "halfblock"])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n").count >= 4)
    }

    @Test func noFileIsAUsageError() throws {
        let result = try view([])
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].hasPrefix("gallery: "), "\(result.stderr)")
        #expect(try view(["--size", "24", try photo("astronaut.png")]).status == 64)
        #expect(try view(["--render", "crayon", try photo("astronaut.png")]).status == 64)
    }

    @Test func defaultsComeFromTheEnvironmentWithoutATerminal() throws {
        let path = try photo("astronaut.png")
        // Not a tty: an 80x24 box, 80x48 half-block pixels, so the square photo takes 24 rows.
        let plain = try view([path])
        #expect(plain.status == 0)
        #expect(plain.stdout.split(separator: "\n").count == 24)
        #expect(plain.stdout.contains("\u{2580}"))

        var kittyEnvironment = colourTerminal
        kittyEnvironment["TERM"] = "xterm-kitty"
        #expect(try view([path, "--size", "8x4"], environment: kittyEnvironment).stdout.hasPrefix("\u{1B}_G"))

        var dumb = colourTerminal
        dumb["TERM"] = "dumb"
        let ascii = try view([path, "--size", "8x4"], environment: dumb).stdout
        #expect(!ascii.isEmpty && !ascii.contains("\u{1B}") && !ascii.contains("\u{2580}"), "\(ascii)")
    }

    /// The default mode is `TerminalGuess`'s, the app's rule: each of these differed in `view`'s old one.
    @Test func defaultsFollowTheSharedEnvironmentRule() throws {
        let path = try photo("astronaut.png")
        var vt220 = colourTerminal
        vt220["TERM"] = "vt220"
        let ascii = try view([path, "--size", "8x4"], environment: vt220).stdout
        #expect(!ascii.isEmpty && !ascii.contains("\u{2580}") && !ascii.contains("\u{1B}]"), "\(ascii)")

        var kittyWithoutColour = colourTerminal
        kittyWithoutColour["TERM"] = "xterm-kitty"
        kittyWithoutColour["NO_COLOR"] = "1"
        #expect(try view([path, "--size", "8x4"], environment: kittyWithoutColour).stdout.hasPrefix("\u{1B}_G"))

        var mintty = colourTerminal
        mintty["TERM_PROGRAM"] = "mintty"
        #expect(try view([path, "--size", "8x4"], environment: mintty).stdout.hasPrefix("\u{1B}]1337;File="))
    }

    /// `view` decodes by `ImageDecoder`'s rule (twice the picture's size), not at the bare box:
    /// on real 1080 px photos several dB closer to an exact area downscale. iTerm2 payloads are
    /// lossless PNG, so the pixels compared are exactly what `view` drew.
    @Test func imagesOfRealPhotosAreDecodedLargeEnoughToResampleWell() throws {
        let names = ["astronaut-1080.jpg", "brick-1080.jpg", "chelsea-1080.jpg", "coffee-1080.jpg"]
        let paths = try names.map(photo)
        let result = try view(paths + ["--size", "24x8", "--render", "iterm"])
        #expect(result.status == 0, "\(result.stderr)")
        let images = result.stdout.utf8.split(separator: 0x07).filter { $0.contains(UInt8(ascii: ":")) }
        try #require(images.count == paths.count, "\(images.count) images")
        var shown = 0.0, bare = 0.0
        for (path, image) in zip(paths, images) {
            let data = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            let base64 = image.drop { $0 != UInt8(ascii: ":") }.dropFirst()
            let png = try #require(Data(base64Encoded: Data(base64)), "\(path): no base64 PNG")
            // Not a tty: 10x20 pixel cells, a 240x160 box.
            let exact = try ImageDecoder.decode(data).aspectFit(width: 240, height: 160)
            // A reduced decode's whole pixels can round the fitted size by one: compare at the exact one.
            shown += try PNGCodec.decode([UInt8](png)).resized(width: exact.width, height: exact.height)
                .psnr(comparedTo: exact)
            bare += try ImageDecoder.decode(data, covering: PixelSize(width: 240, height: 160))
                .resized(width: exact.width, height: exact.height).psnr(comparedTo: exact)
        }
        let count = Double(paths.count)
        #expect(shown / count > bare / count + 3, "shown \(shown / count) dB, bare-size decode \(bare / count) dB")
    }

    @Test func aSizeLargerThanATerminalShowsIsCutWithOneNote() throws {
        let result = try view([try photo("coffee-1080.jpg"), try photo("astronaut.png"),
                               "--size", "10000x10000", "--render", "sixel"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "gallery: --size 10000x10000 is larger than a terminal can show; "
                + "drawing at most 4096x4096 pixels\n")
        // Each picture fitted inside 4096x4096 with its aspect: coffee is 1080x720, astronaut square.
        let images = result.stdout.utf8.split(separator: 0x0A).map(Array.init)
        try #require(images.count == 2)
        let coffee = try SixelDecoder.decode(images[0]), astronaut = try SixelDecoder.decode(images[1])
        #expect(coffee.width == 4096 && coffee.height == 2731, "\(coffee)")
        #expect(astronaut.width == 4096 && astronaut.height == 4096, "\(astronaut)")
        if Self.peakMemoryIsTheProgramsOwn {
            #expect(result.maxResidentBytes < 1 << 30, "\(result.maxResidentBytes >> 20) MB resident")
        }
    }

    /// Whether a program's peak memory is its own: not under `make sanitize` (GALLERY_SANITIZE),
    /// where AddressSanitizer's shadow memory and quarantine set the figure (786 MB was seen for
    /// the 256 MB cap below).
    static let peakMemoryIsTheProgramsOwn = ProcessInfo.processInfo.environment["GALLERY_SANITIZE"] == nil

    @Test func textArtOfALargeSizeIsCutToCells() throws {
        // 10000 columns of half-blocks would be 10000 samples across: cut to 4096, 2048 rows down.
        let result = try view([try photo("astronaut.png"), "--size", "10000x2", "--render", "halfblock"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "gallery: --size 10000x2 is larger than a terminal can show; "
                + "drawing at most 4096x2 cells\n")
        // A square picture in 4096x4 samples: 4x4, two rows of four cells.
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 2 && lines.allSatisfy { visibleCharacters($0).count == 4 }, "\(lines)")
    }

    @Test func aStreamWithoutEndStopsAtTheCap() throws {
        // `yes` into a pipe, and gallery in the shell's place (exec), so its peak memory is measured.
        let gallery = try #require(galleryExecutable())
        let script = "yes 2>/dev/null | exec '\(gallery)' view /dev/stdin '\(try photo("astronaut.png"))' --size 8x4 --render halfblock"
        let result = try runProgram(["/bin/sh", "-c", script], environment: colourTerminal, timeLimit: .seconds(60))
        #expect(result.status == 1)
        #expect(result.stderr == "gallery: /dev/stdin: larger than 256 MB, more than any image gallery shows\n")
        #expect(result.stdout.split(separator: "\n").count == 4, "the photo after it was not printed")
        // The cap, and a little for the program and the photo: nothing grows past it.
        if Self.peakMemoryIsTheProgramsOwn {
            #expect(result.maxResidentBytes < 320 << 20, "\(result.maxResidentBytes >> 20) MB resident")
        }
    }

    @Test func aFileNameWithEscapesIsReportedOnOneLineThatActsOnNothing() throws {
        let scratch = try TemporaryDirectory(), folder = scratch.path
        defer { scratch.remove() }
        // The clipboard (OSC 52), a screen clear and a newline, in names of files that are no images.
        let names = ["clip\u{1B}]52;c;aGVsbG8=\u{07}.jpg", "clear\u{1B}[2J.png", "two\nlines.gif"]
        for name in names { try Data("not an image".utf8).write(to: URL(fileURLWithPath: folder + "/" + name)) }
        let result = try view(names.map { folder + "/" + $0 } + ["--size", "8x4", "--render", "halfblock"])
        #expect(result.status == 1)
        let lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 3, "one line a file: \(result.stderr.debugDescription)")
        #expect(!result.stderr.contains("\u{1B}") && !result.stderr.contains("\u{07}"), "\(result.stderr.debugDescription)")
        #expect(lines.first?.hasPrefix("gallery: \(folder)/clip\\x1B]52;c;aGVsbG8=\\x07.jpg: ") == true, "\(lines)")
        #expect(lines.last?.hasPrefix("gallery: \(folder)/two\\x0Alines.gif: ") == true, "\(lines)")
    }

    @Test func aDecodersOwnComplaintsNeverReachStandardErrorButTheLog() throws {
        let scratch = try TemporaryDirectory(), folder = scratch.path
        defer { scratch.remove() }
        let original = try [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(Self.fixtures)/coffee.avif")))
        let payload = try #require(original.indices.first { original[$0...].starts(with: Array("mdat".utf8)) }) + 4
        // coffee.avif with three bytes of its AV1 data changed: dav1d prints "Error parsing OBU
        // data" on stderr itself before libheif reports the failure. And with its first OBU's
        // type made 0: "Unknown OBU type 0 of size 5504".
        var parsing = original, unknown = original
        for (offset, value) in [(272, 14), (302, 137), (304, 227)] as [(Int, UInt8)] { parsing[offset] = value }
        unknown[payload] = 0
        let environment = colourTerminal.merging(["HOME": folder + "/home"]) { $1 }
        let log = folder + "/home/.local/state/gallery/gallery.log"
        for (name, bytes, said) in [("parsing.avif", parsing, "Error parsing OBU data"), ("unknown.avif", unknown, "Unknown OBU type 0 of size")] {
            let path = folder + "/" + name
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            let result = try view([path, "--size", "8x4", "--render", "halfblock"], environment: environment)
            #expect(result.status == 1)
            #expect(result.stderr.hasPrefix("gallery: \(path): ") && result.stderr.split(separator: "\n").count == 1,
                    "\(result.stderr)")
            let logged = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            #expect(logged.contains(" warning gallery: \(said)"), "\(name): \(logged)")
        }
    }

    @Test func aHEIFGridOfMoreTilesThanItCouldCodeIsRefusedAtOnce() throws {
        // ftyp, then meta > iref > one 'dimg' from image 1 to 19,600 tiles: 40 KB, no tile coded.
        func box(_ type: String, _ content: [UInt8]) -> [UInt8] {
            let size = UInt32(8 + content.count)
            return [UInt8(size >> 24), UInt8(size >> 16 & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size & 0xFF)] + Array(type.utf8) + content
        }
        func u16(_ value: Int) -> [UInt8] { [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
        let dimg = box("dimg", u16(1) + u16(19_600) + (0..<19_600).flatMap { u16(2 + $0) })
        let bytes = box("ftyp", Array("heicmif1".utf8))
            + box("meta", [0, 0, 0, 0] + box("hdlr", [UInt8](repeating: 0, count: 12)) + box("iref", [0, 0, 0, 0] + dimg))
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("grid-\(UUID().uuidString).heic").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { unlink(path) }
        let start = ContinuousClock.now
        let result = try view([path, "--size", "8x4", "--render", "halfblock"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("19600 tiles") && result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(ContinuousClock.now - start < .seconds(5))
    }

    @Test func bombsOfHugeCanvasesTakeLittleMemoryAndTime() throws {
        let scratch = try TemporaryDirectory(), folder = scratch.path
        defer { scratch.remove() }
        // An animated WebP whose canvas says 10000 x 10000 (libwebp would hold two such canvases).
        var webp = try [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(Self.fixtures)/coffee-32-animated.webp")))
        webp.replaceSubrange(24..<30, with: [0x0F, 0x27, 0x00, 0x0F, 0x27, 0x00])
        try Data(webp).write(to: URL(fileURLWithPath: folder + "/canvas.webp"))
        // 1 KB of RLE8 that ends at once on a 10000 x 10000 bitmap.
        func le(_ value: Int, _ size: Int) -> [UInt8] { (0..<size).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        let bmp = Array("BM".utf8) + le(54 + 1024 + 2, 4) + le(0, 4) + le(54 + 1024, 4) + le(40, 4) + le(10_000, 4)
            + le(10_000, 4) + le(1, 2) + le(8, 2) + le(1, 4) + le(2, 4) + le(0, 8) + le(256, 4) + le(0, 4)
            + [UInt8](repeating: 0, count: 1024) + [0, 1]
        try Data(bmp).write(to: URL(fileURLWithPath: folder + "/rle.bmp"))
        for name in ["canvas.webp", "rle.bmp"] {
            let start = ContinuousClock.now
            let result = try view([folder + "/" + name, "--size", "24x8", "--render", "halfblock"])
            #expect(ContinuousClock.now - start < .seconds(5), "\(name)")
            #expect(result.stderr.split(separator: "\n").count <= 1, "\(name): \(result.stderr)")
            if Self.peakMemoryIsTheProgramsOwn {
                #expect(result.maxResidentBytes < 512 << 20, "\(name): \(result.maxResidentBytes >> 20) MB resident")
            }
        }
    }

    @Test func aNameThatIsNotUTF8IsReadAsItselfNotTakenForItsLookAlike() throws {
        let gallery = try #require(galleryExecutable())
        let scratch = try TemporaryDirectory(), folder = scratch.path
        defer { scratch.remove() }
        // The look-alike is a real photo: opened by the repaired text, it would be shown instead of
        // the empty file the argument names.
        try FileManager.default.copyItem(atPath: try photo("astronaut.png"), toPath: folder + "/c\u{FFFD}.png")
        for command in ["view", "app"] {
            let arguments = command == "view" ? "view --size 8x4 --render halfblock" : "--render ascii"
            let script = "cd '\(folder)' && : > \"$(printf 'c\\377.png')\" && exec '\(gallery)' \(arguments) \"$(printf 'c\\377.png')\""
            let result = try runProgram(["/bin/sh", "-c", script], environment: colourTerminal, timeLimit: .seconds(30))
            #expect(result.status == 1, "\(command): \(result.stderr)")
            let said = command == "view" ? "gallery: c\\xFF.png: empty image\n" : "gallery: c\\xFF.png is not a photo gallery can show"
            #expect(result.stderr.hasPrefix(said), "\(command): \(result.stderr)")
            #expect(result.stdout.isEmpty, "\(command): nothing drawn")
        }
    }

    @Test func aDeviceAFIFOOrASocketIsRefusedWithoutBeingOpened() throws {
        let scratch = try TemporaryDirectory(), folder = scratch.path
        defer { scratch.remove() }
        try #require(mkfifo(folder + "/nobody", 0o600) == 0)
        let socket = try #require(Self.boundSocket(at: folder + "/socket"))
        defer { close(socket) }
        // Had the FIFO been opened, the open would wait for a writer that never comes: the time
        // limit ends the test rather than letting it hang.
        let start = ContinuousClock.now
        let result = try view(["/dev/zero", folder + "/nobody", folder + "/socket", try photo("astronaut.png"),
                               "--size", "8x4", "--render", "halfblock"])
        #expect(result.status == 1)
        #expect(result.stderr == "gallery: /dev/zero: a character device, not a file\n"
                + "gallery: \(folder)/nobody: a FIFO, not a file\n"
                + "gallery: \(folder)/socket: a socket, not a file\n")
        #expect(result.stdout.split(separator: "\n").count == 4, "the photo after them was printed")
        #expect(ContinuousClock.now - start < .seconds(5), "refused by type, not after a wait")
        // `gallery FILE` says the same, and starts nothing.
        let gallery = try #require(galleryExecutable())
        let app = try runProgram([gallery, "--render", "ascii", folder + "/nobody"], environment: colourTerminal, timeLimit: .seconds(30))
        #expect(app.status == 1 && app.stderr == "gallery: \(folder)/nobody is a FIFO, not a file\n", "\(app.stderr)")
    }

    /// A Unix socket bound at `path` (its name in the folder stays while it is open).
    private static func boundSocket(at path: String) -> Int32? {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return nil }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { field in
            for (index, byte) in path.utf8.prefix(field.count - 1).enumerated() { field[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0 else { close(descriptor); return nil }
        return descriptor
    }

    @Test func aOnePixelTallPictureIsDrawnAtItsOwnSizeInEveryMode() throws {
        // A grey ramp, black to white, 240x1.
        let ramp = RGBImage(width: 240, height: 1, pixels: (0..<240).flatMap { x in
            [UInt8](repeating: UInt8(x * 255 / 239), count: 3)
        })
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("view-\(UUID().uuidString).png").path
        try Data(try PNGCodec.encode(ramp)).write(to: URL(fileURLWithPath: path))
        defer { unlink(path) }

        // 24x1 cells of 10x20 pixels hold it as it is.
        let sixel = try view([path, "--size", "24x1", "--render", "sixel"])
        let decoded = try SixelDecoder.decode(Array(sixel.stdout.utf8))
        #expect(decoded.width == 240 && decoded.height == 1, "\(decoded)")
        #expect(try view([path, "--size", "24x1", "--render", "kitty"]).stdout.contains("s=240,v=1,"))
        // 240x1 text cells: one sample each across, the whole ramp from its darkest to its lightest.
        let halfBlocks = visibleCharacters(Substring(try view([path, "--size", "240x1", "--render", "halfblock"]).stdout))
        #expect(halfBlocks.count == 241 && halfBlocks.dropLast().allSatisfy { $0 == "\u{2580}" })
        let ascii = visibleCharacters(Substring(try view([path, "--size", "240x1", "--render", "ascii"]).stdout))
        #expect(ascii.count == 241 && ascii.first == " " && ascii.dropLast().last == "@", "\(String(ascii))")
    }

    /// Pillow's `issue_2811.gif` (its LZW codes 11 bits wide from the start, as the format allows)
    /// is beyond giflib: refused in one line saying so, not "Failed to read from given file".
    @Test func aGIFOfWiderLZWCodesThanGiflibReadsIsRefusedSayingWhy() throws {
        let scratch = try TemporaryDirectory(), path = scratch.path + "/issue_2811.gif"
        defer { scratch.remove() }
        try Data(FlatGIF.elevenBitCodes()).write(to: URL(fileURLWithPath: path))
        let refused = try view([path, "--size", "24x8", "--render", "halfblock"])
        #expect(refused.status == 1 && refused.stdout.isEmpty)
        #expect(refused.stderr == "gallery: \(path): corrupt image: GIF frame coded with 11-bit LZW codes, which giflib does not read\n")
    }

    // MARK: - helpers

    /// `gallery view` with `arguments`, killed if it is still running after a minute: none of
    /// these takes more than a few seconds, and one that reads for ever must fail, not hang.
    private func view(_ arguments: [String], environment: [String: String]? = nil) throws -> ProgramRun {
        let gallery = try #require(galleryExecutable(), "gallery binary not found next to the test bundle")
        return try runProgram([gallery, "view"] + arguments, environment: environment ?? colourTerminal,
                              timeLimit: .seconds(60))
    }

    /// A photo of the shared corpus (the suite runs only when the two it uses are there).
    private func photo(_ name: String) throws -> String {
        let path = SharedPhotos.path(name)
        try #require(FileManager.default.fileExists(atPath: path), "missing \(path)")
        return path
    }

    /// The characters of a line with its CSI sequences removed.
    private func visibleCharacters(_ line: Substring) -> [Character] {
        var result = [Character](), inEscape = false
        for character in line {
            if inEscape {
                if character.isLetter { inEscape = false }
            } else if character == "\u{1B}" {
                inEscape = true
            } else {
                result.append(character)
            }
        }
        return result
    }
}
