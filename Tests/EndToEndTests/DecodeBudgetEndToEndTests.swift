import Foundation
import ImagingTestSupport
import Testing
import TestSupport

/// Issue 25's small files that announce big work, made here and given to `gallery view`: each is
/// refused in one line or shown scaled, within the memory budget and in a few seconds.
@Suite struct DecodeBudgetEndToEndTests {
    private static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../ImagingTests/Fixtures").standardized.path

    @Test func aHEIFGridTooLargeToDecodeWholeIsRefusedAndASmallOneShows() throws {
        let scratch = try TemporaryDirectory(), folder = scratch.path
        defer { scratch.remove() }
        // 50 x 50 tiles of 160 x 108 (coffee.heic's one coded picture, shared, the file padded to
        // what 2,500 tiles would take): 8000 x 5400, 345 MB of libheif's RGBA and ours.
        let tile = try HEIFTile(Array(Data(contentsOf: URL(fileURLWithPath: "\(Self.fixtures)/coffee.heic"))))
        try Data(tile.grid(side: 50, padding: 2500 * 256)).write(to: URL(fileURLWithPath: folder + "/big.heic"))
        try Data(tile.grid(side: 2)).write(to: URL(fileURLWithPath: folder + "/small.heic"))
        let start = ContinuousClock.now
        let big = try view(folder + "/big.heic")
        // Under a second in a release build (BENCHMARKS.md); libheif's parse of 2,500 items takes
        // a few seconds of a debug build's on a busy machine.
        #expect(ContinuousClock.now - start < .seconds(10))
        #expect(big.status == 1)
        #expect(big.stderr == "gallery: \(folder)/big.heic: HEIF image of 8000x5400 needs 329 MB to decode, "
                + "more than the 256 MB a picture may take\n")
        if ViewCommandTests.peakMemoryIsTheProgramsOwn {
            #expect(big.maxResidentBytes < 512 << 20, "\(big.maxResidentBytes >> 20) MB resident")
        }
        let small = try view(folder + "/small.heic")
        #expect(small.status == 0, "\(small.stderr)")
        #expect(small.stdout.split(separator: "\n").count == 8)
    }

    @Test func aGIFOfHugeFramesIsShownScaledWithinTheBudget() throws {
        let scratch = try TemporaryDirectory(), path = scratch.path + "/huge.gif"
        defer { scratch.remove() }
        // 13 KB: two frames on a 6000 x 6000 screen (108 MB a canvas, three past the budget).
        let gif = FlatGIF.make(width: 6000, height: 6000, frames: [
            .init(width: 6000, height: 6000, index: 0), .init(left: 3000, top: 0, width: 7, height: 9, index: 1),
        ])
        try Data(gif).write(to: URL(fileURLWithPath: path))
        let result = try view(path)
        if result.status == 0 {
            #expect(result.stdout.split(separator: "\n").count == 8)
            // The first frame, red all over.
            #expect(result.stdout.contains("\u{1B}[38;2;255;0;0") && !result.stdout.contains("38;2;0;0;255"))
        } else {
            // A second in a release build; a debug build on a busy machine may pass the time budget.
            #expect(result.stderr == "gallery: \(path): not decoded within 5 s; left unfinished\n")
        }
        if ViewCommandTests.peakMemoryIsTheProgramsOwn {
            #expect(result.maxResidentBytes < 512 << 20, "\(result.maxResidentBytes >> 20) MB resident")
        }
    }

    /// The app on a folder of bombs (a GIF of a 10000 x 10000 screen, decoded for seconds; a HEIF
    /// grid refused from its size) beside small photos: → and ← are answered while the bombs'
    /// cells are read, and every cell settles (a picture, or a line saying why not; a decode past
    /// its time budget "not decoded within 5 s") with no spinner left turning.
    @Test func keysAreAnsweredWhileBombsAreReadAndEveryCellSettles() async throws {
        let gallery = try #require(galleryExecutable())
        let scratch = try TemporaryDirectory(), folder = scratch.path + "/bombs"
        defer { scratch.remove() }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data(FlatGIF.make(width: 10000, height: 10000, frames: [.init(width: 10000, height: 10000, index: 0)]))
            .write(to: URL(fileURLWithPath: folder + "/a-screen-10000.gif"))
        let tile = try HEIFTile(Array(Data(contentsOf: URL(fileURLWithPath: "\(Self.fixtures)/coffee.heic"))))
        try Data(tile.grid(side: 50, padding: 2500 * 256)).write(to: URL(fileURLWithPath: folder + "/b-grid-8000.heic"))
        for name in ["coffee-32-24.bmp", "coffee-32-8.bmp", "coffee-32-alpha.png"] {
            try FileManager.default.copyItem(atPath: "\(Self.fixtures)/\(name)", toPath: "\(folder)/c-\(name)")
        }
        let tmux = try TmuxSession(columns: 120, rows: 40)
        try tmux.type("\(gallery) \(folder) --render ascii; echo EXIT=$?", enter: true)
        let up = try await tmux.waitFor { $0.joined().contains("1 of 5") }
        try #require(up.ok, "\(up.screen.joined(separator: "\n"))")
        // Each key from tmux's send-keys to its answer on tmux's screen, read as fast as tmux
        // answers (each look a tmux client of a few milliseconds, counted in).
        var answers: [Duration] = []
        for press in 0..<10 {
            let (key, place) = press % 2 == 0 ? ("Right", "2 of 5") : ("Left", "1 of 5")
            let sent = ContinuousClock.now
            try tmux.press(key)
            while !(try tmux.screen().joined().contains(place)), ContinuousClock.now - sent < .seconds(5) { await Task.yield() }
            answers.append(ContinuousClock.now - sent)
        }
        let slowest = try #require(answers.max())
        // The issue's 100 ms, with what the two tmux clients of a look cost on a busy machine.
        #expect(slowest < .milliseconds(250), "key to screen: \(answers)")
        let settled = try await tmux.waitFor(timeout: .seconds(30)) { screen in
            let text = screen.joined()
            return text.contains("HEIF image of 8000x5400") && !"⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏".contains { text.contains($0) }
        }
        #expect(settled.ok, "\(settled.screen.joined(separator: "\n"))")
        try tmux.press("q")
        #expect(try await tmux.waitFor { $0.contains { $0.contains("EXIT=0") } }.ok)
    }

    /// `gallery view FILE` in 24x8 half-block cells, killed after a minute.
    private func view(_ path: String) throws -> ProgramRun {
        let gallery = try #require(galleryExecutable(), "gallery binary not found next to the test bundle")
        return try runProgram([gallery, "view", path, "--size", "24x8", "--render", "halfblock"],
                              environment: ["TERM": "xterm-256color", "COLORTERM": "truecolor", "PATH": "/usr/bin:/bin"],
                              timeLimit: .seconds(60))
    }
}

/// The one coded picture of a single-tile HEIF (its decoder configuration, size and data), from
/// which grids of any number of tiles are made.
private struct HEIFTile {
    let configuration: [UInt8], width: Int, height: Int, data: [UInt8]

    /// Reads `heic`'s first `hvcC` and `ispe` boxes and its `mdat`'s content, which hold one picture.
    init(_ heic: [UInt8]) throws {
        func box(_ type: String) throws -> ArraySlice<UInt8> {
            let name = Array(type.utf8)
            let at = try #require((4..<heic.count - 4).first { Array(heic[$0..<$0 + 4]) == name }, "no \(type)") - 4
            let size = heic[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
            return heic[at..<at + size]
        }
        configuration = Array(try box("hvcC"))
        let size = try box("ispe").dropFirst(12).map(Int.init)
        width = size[0..<4].reduce(0) { $0 << 8 | $1 }
        height = size[4..<8].reduce(0) { $0 << 8 | $1 }
        data = Array(try box("mdat").dropFirst(8))
    }

    /// A HEIF whose primary image is a grid of `side` x `side` of this tile, every tile pointing
    /// at the one copy of its data, followed by `padding` zero bytes.
    func grid(side: Int, padding: Int = 0) -> [UInt8] {
        func box(_ type: String, _ content: [UInt8]) -> [UInt8] { be(8 + content.count, 4) + Array(type.utf8) + content }
        func full(_ type: String, _ content: [UInt8]) -> [UInt8] { box(type, [0, 0, 0, 0] + content) }
        let count = side * side, tiles = (0..<count).map { 2 + $0 }
        let infe = { (id: Int, type: String, hidden: Bool) in
            box("infe", [2, 0, 0, hidden ? 1 : 0] + be(id, 2) + [0, 0] + Array(type.utf8) + [0])
        }
        let iinf = full("iinf", be(count + 1, 2) + infe(1, "grid", false) + tiles.flatMap { infe($0, "hvc1", true) })
        let iref = full("iref", box("dimg", be(1, 2) + be(count, 2) + tiles.flatMap { be($0, 2) }))
        let ispe = { (width: Int, height: Int) in full("ispe", be(width, 4) + be(height, 4)) }
        let ipco = box("ipco", configuration + ispe(width, height) + ispe(width * side, height * side))
        let ipma = full("ipma", be(count + 1, 4) + be(1, 2) + [1, 3] + tiles.flatMap { be($0, 2) + [2, 0x81, 2] })
        let descriptor: [UInt8] = [0, 0, UInt8(side - 1), UInt8(side - 1)] + be(width * side, 2) + be(height * side, 2)
        func head(dataAt start: Int) -> [UInt8] {
            let locations = be(1, 2) + [0, 0, 0, 1] + be(start, 4) + be(descriptor.count, 4)
                + tiles.flatMap { be($0, 2) + [0, 0, 0, 1] + be(start + descriptor.count, 4) + be(data.count, 4) }
            let iloc = full("iloc", [0x44, 0x00] + be(count + 1, 2) + locations)
            return box("ftyp", Array("heic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8))
                + full("meta", full("hdlr", [0, 0, 0, 0] + Array("pict".utf8) + [UInt8](repeating: 0, count: 13))
                       + full("pitm", be(1, 2)) + iloc + iinf + iref + box("iprp", ipco + ipma))
        }
        let size = head(dataAt: 0).count + 8
        return head(dataAt: size) + box("mdat", descriptor + data + [UInt8](repeating: 0, count: padding))
    }

    private func be(_ value: Int, _ size: Int) -> [UInt8] { (0..<size).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
}
