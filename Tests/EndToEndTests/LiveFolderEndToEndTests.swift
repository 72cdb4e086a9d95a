import Foundation
import TestSupport
import Testing

/// The real binary over a folder that another program changes: no key is pressed.
@Suite(.serialized) struct LiveFolderEndToEndTests {
    @Test func aPhotoCopiedInShowsWithinTwoSecondsKeepingTheSelection() async throws {
        let gallery = try #require(galleryExecutable())
        let scratch = try TemporaryDirectory(), folder = scratch.url
        defer { scratch.remove() }
        let spare = folder.appendingPathComponent(".spare")
        try FileManager.default.createDirectory(at: spare, withIntermediateDirectories: true)
        try await writeDemoJPEGs(names: ["img1.jpg", "img2.jpg", "img3.jpg", "img0.jpg"], into: spare)
        for name in ["img1.jpg", "img2.jpg", "img3.jpg"] {
            try FileManager.default.moveItem(at: spare.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        let tmux = try TmuxSession(columns: 120, rows: 40)
        try tmux.type("\(gallery) --render ascii \(folder.path); echo EXIT=$?", enter: true)
        #expect(try await tmux.waitFor { $0.joined().contains("3 photos · 1 of 3") }.ok)
        try tmux.press("l")
        #expect(try await tmux.waitFor { $0.joined().contains("3 photos · 2 of 3") }.ok)

        // img0 sorts first: img2, still selected, is the third of four.
        let copied = ContinuousClock.now
        try FileManager.default.copyItem(at: spare.appendingPathComponent("img0.jpg"), to: folder.appendingPathComponent("img0.jpg"))
        let shown = try await tmux.waitFor(timeout: .seconds(2)) { $0.joined().contains("4 photos · 3 of 4") }
        let elapsed = ContinuousClock.now - copied
        #expect(shown.ok, "\(shown.screen.joined(separator: "\n"))")
        #expect(shown.screen.joined().contains("img0.jpg"))
        print("live folder: a photo copied in was shown after \(elapsed)")

        try FileManager.default.removeItem(at: folder.appendingPathComponent("img2.jpg"))
        let gone = try await tmux.waitFor(timeout: .seconds(2)) { $0.joined().contains("3 photos · 3 of 3") }
        #expect(gone.ok, "the selection moves to img3, in img2's place: \(gone.screen.joined(separator: "\n"))")
        try tmux.press("q")
        #expect(try await tmux.waitFor { $0.contains { $0.contains("EXIT=0") } }.ok)
    }
}
