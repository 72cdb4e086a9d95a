import Foundation
import TestSupport
import Testing

/// The real `gallery` in a real sixel terminal: xterm emulating a VT340 under Xvfb, watched with
/// screenshots kept in `.build/artifacts/`.
@Suite(.serialized) struct SixelEndToEndTests {
    // The grid at 120x40 cells (GridLayout): a line of gap on the left and on top, then 4 columns
    // of 28-cell-wide cells each with a gap column right, 3 rows of cells of 11 rows (10 of
    // thumbnail, 1 of title) each with a gap row below, above the status row.
    static let columns = 120, rows = 40
    static let gridColumns = 4, gridRows = 3, cellColumns = 28, cellRows = 12, thumbnailRows = 10

    struct Geometry {
        let originX: Int, originY: Int, cellWidth: Int, cellHeight: Int

        /// The inside of the thumbnail at grid (row, column), a few pixels in from its cells' edges.
        func thumbnail(row: Int, column: Int) -> Screenshot.Region {
            let inset = 3
            return Screenshot.Region(
                x: originX + (1 + column * (cellColumns + 1)) * cellWidth + inset,
                y: originY + (1 + row * cellRows) * cellHeight + inset,
                width: cellColumns * cellWidth - 2 * inset,
                height: thumbnailRows * cellHeight - 2 * inset - 5)  // the sixel stops at a 6-pixel band
        }

        /// Cells as pixels.
        func cells(row: Int, column: Int, rows: Int, columns: Int) -> Screenshot.Region {
            Screenshot.Region(x: originX + column * cellWidth, y: originY + row * cellHeight,
                              width: columns * cellWidth, height: rows * cellHeight)
        }
    }

    static var artifacts: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".build/artifacts")
    }

    static let enabled = XvfbSession.isAvailable
    static let whyDisabled: Comment =
        "needs \(XvfbSession.requiredPrograms.joined(separator: ", ")) (apt-get install xvfb xterm xdotool x11-xserver-utils imagemagick)"

    @Test(.enabled(if: enabled, whyDisabled))
    func sixelThumbnailsScrollAndLeaveNoStaleImage() async throws {
        try await inXterm(browse)
    }

    /// xterm moves the pictures with the rows gallery scrolls up (it answers XTVERSION as a terminal
    /// known to), and gallery sends only the row coming in. xterm itself keeps them where it shows
    /// them: painting its window again (as when uncovered) changes nothing. Eight rows of cells down
    /// and eight back up (sent again: xterm moves no pictures down), and the screen is what it
    /// was, pixel for pixel.
    @Test(.enabled(if: enabled, whyDisabled))
    func scrollingEightRowsDownAndBackUpLeavesTheScreenAsItWas() async throws {
        try await inXterm { x, gallery in
            let session = try await Session(x: x, gallery: gallery, name: "round-trip")
            let start = try await x.settledScreenshot(path: session.shotPath("start"), until: session.picturesEverywhere)
            let startSettled = start.ok  // not in #expect: its message would print every pixel
            #expect(startSettled, "thumbnails never all appeared; see \(session.shotPath("start"))")
            let screen = session.geometry.cells(row: 0, column: 0, rows: Self.rows, columns: Self.columns)
            // Two rows down to the last row on screen, then one row of cells scrolled per press.
            try x.press("Down", "Down", "Down")
            let scrolled = try await x.settledScreenshot(path: session.shotPath("scrolled"), until: { shot in
                session.picturesEverywhere(shot) && shot.rootMeanSquareError(screen, from: start.shot) > 0.05
            })
            let scrolledSettled = scrolled.ok  // not in #expect: its message would print every pixel
            #expect(scrolledSettled, "the grid did not scroll; see \(session.shotPath("scrolled"))")
            try x.repaintAll()
            try await Task.sleep(for: .milliseconds(500))
            let repainted = try Screenshot.capture(display: x.display, to: session.shotPath("repainted"))
            #expect(repainted.rootMeanSquareError(screen, from: scrolled.shot) < 0.02,
                    "xterm's own repaint differs from what it showed by RMSE \(repainted.rootMeanSquareError(screen, from: scrolled.shot)); see \(session.shotPath("repainted"))")
            for key in Array(repeating: "Down", count: 7) + Array(repeating: "Up", count: Self.gridRows - 1 + 8) {
                try x.press(key)
                try await Task.sleep(for: .milliseconds(300))
            }
            let back = try await x.settledScreenshot(path: session.shotPath("back"), until: { shot in
                shot.rootMeanSquareError(screen, from: start.shot) < 0.02
            })
            let backSettled = back.ok  // not in #expect: its message would print every pixel
            #expect(backSettled, "the screen differs from the start by RMSE \(back.shot.rootMeanSquareError(screen, from: start.shot)); see \(session.shotPath("back"))")
            try x.press("q")
            session.keepPNGs(of: ["start", "scrolled", "repainted", "back"])
        }
    }

    /// Runs `body` with a fresh X server and the gallery binary, closing the server however it ends.
    private func inXterm(_ body: (XvfbSession, String) async throws -> Void) async throws {
        let gallery = try #require(galleryExecutable(), "gallery binary not found next to the test bundle")
        try FileManager.default.createDirectory(at: Self.artifacts, withIntermediateDirectories: true)
        let x = try await XvfbSession(logDirectory: Self.artifacts)
        do {
            try await body(x, gallery)
        } catch {
            await x.close()
            throw error
        }
        await x.close()
    }

    /// gallery on the demo catalog in xterm -ti vt340 with 256 colour registers.
    struct Session {
        let geometry: Geometry
        let name: String

        init(x: XvfbSession, gallery: String, name: String) async throws {
            let window = try await x.startTerminal(
                ["-ti", "vt340", "-xrm", "XTerm*decTerminalID: vt340", "-xrm", "XTerm*numColorRegisters: 256"],
                columns: SixelEndToEndTests.columns, rows: SixelEndToEndTests.rows,
                command: [gallery, "--source", "demo", "--render", "sixel"])
            geometry = Geometry(originX: window.originX, originY: window.originY,
                                cellWidth: window.cellWidth, cellHeight: window.cellHeight)
            self.name = name
        }

        func picturesEverywhere(_ shot: Screenshot) -> Bool {
            (0..<SixelEndToEndTests.gridRows).allSatisfy { row in
                (0..<SixelEndToEndTests.gridColumns).allSatisfy { column in
                    shot.luminanceDeviation(in: geometry.thumbnail(row: row, column: column)) > 6
                }
            }
        }

        func shotPath(_ shot: String) -> String {
            SixelEndToEndTests.artifacts.appendingPathComponent("sixel-\(name)-\(shot).ppm").path
        }

        /// PNGs of the terminal window, kept as artefacts in place of the screenshots.
        func keepPNGs(of shots: [String]) {
            for shot in shots { SixelEndToEndTests.keepPNG(shotPath(shot), geometry: geometry) }
        }
    }

    /// The screenshot at `path` (a .ppm) as a PNG of the terminal window only, kept in its place.
    static func keepPNG(_ path: String, geometry: Geometry) {
        let windowSize = "\(columns * geometry.cellWidth + 4)x\(rows * geometry.cellHeight + 4)"
        let crop = "\(windowSize)+\(geometry.originX - 2)+\(geometry.originY - 2)"
        let png = path.replacingOccurrences(of: ".ppm", with: ".png")
        if (try? runProgram(["convert", path, "-crop", crop, "+repage", png]))?.status == 0 { unlink(path) }
    }

    /// Start, scroll, open and close the detail pane, quit; screenshots at each step.
    private func browse(in x: XvfbSession, gallery: String) async throws {
        let session = try await Session(x: x, gallery: gallery, name: "browse")
        let geometry = session.geometry
        let picturesEverywhere = session.picturesEverywhere
        let shotPath = session.shotPath

        // Start: twelve pictures.
        let start = try await x.settledScreenshot(path: shotPath("start"), until: picturesEverywhere)
        let startSettled = start.ok  // not in #expect: its message would print every pixel
        #expect(startSettled, "thumbnails never all appeared; see \(shotPath("start"))")

        // Three rows down: the selection leaves the viewport and the grid scrolls by one row of cells.
        try x.press("Down", "Down", "Down")
        let scrolled = try await x.settledScreenshot(path: shotPath("scrolled"), until: { shot in
            picturesEverywhere(shot) && shot.difference(geometry.thumbnail(row: 0, column: 0), from: start.shot,
                                                        at: (geometry.thumbnail(row: 0, column: 0).x, geometry.thumbnail(row: 0, column: 0).y)) > 8
        })
        let scrolledSettled = scrolled.ok  // not in #expect: its message would print every pixel
        #expect(scrolledSettled, "the grid did not scroll; see \(shotPath("scrolled"))")
        for column in 0..<Self.gridColumns {
            // What was on the second row of cells is now on the first, pixel for pixel.
            let before = geometry.thumbnail(row: 1, column: column)
            let after = geometry.thumbnail(row: 0, column: column)
            let moved = scrolled.shot.difference(after, from: start.shot, at: (before.x, before.y))
            #expect(moved < 2, "column \(column): the picture did not move up with the scroll (difference \(moved))")
        }

        // Enter: the detail pane shows the selected photo large, in the left part of the screen.
        try x.press("Return")
        let detailArea = geometry.cells(row: 12, column: 28, rows: 14, columns: 22)
        let detail = try await x.settledScreenshot(path: shotPath("detail"), until: { shot in
            shot.difference(detailArea, from: scrolled.shot, at: (detailArea.x, detailArea.y)) > 8
                && shot.luminanceDeviation(in: detailArea) > 6
        })
        let detailSettled = detail.ok  // not in #expect: its message would print every pixel
        #expect(detailSettled, "no detail image; see \(shotPath("detail"))")

        // Esc: the grid is back exactly as it was, with nothing left of the detail image.
        try x.press("Escape")
        let textArea = geometry.cells(row: 0, column: 0, rows: Self.rows - 1, columns: Self.columns)
        let back = try await x.settledScreenshot(path: shotPath("back"), until: { shot in
            shot.difference(textArea, from: scrolled.shot, at: (textArea.x, textArea.y)) < 1
        })
        let stale = back.shot.difference(textArea, from: scrolled.shot, at: (textArea.x, textArea.y))
        let backSettled = back.ok  // not in #expect: its message would print every pixel
        #expect(backSettled, "after Esc the screen differs from the grid before Enter by \(stale); see \(shotPath("back"))")

        try x.press("q")
        session.keepPNGs(of: ["start", "scrolled", "detail", "back"])
    }
}
