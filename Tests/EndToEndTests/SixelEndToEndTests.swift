import Foundation
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

    @Test(.enabled(if: XvfbSession.isAvailable,
                   "needs \(XvfbSession.requiredPrograms.joined(separator: ", ")) (apt-get install xvfb xterm xdotool imagemagick)"))
    func sixelThumbnailsScrollAndLeaveNoStaleImage() async throws {
        let gallery = try #require(galleryExecutable(), "gallery binary not found next to the test bundle")
        try FileManager.default.createDirectory(at: Self.artifacts, withIntermediateDirectories: true)
        let x = try await XvfbSession(logDirectory: Self.artifacts)
        do {
            try await browse(in: x, gallery: gallery)
        } catch {
            await x.close()
            throw error
        }
        await x.close()
    }

    /// Start, scroll, open and close the detail pane, quit; screenshots at each step.
    private func browse(in x: XvfbSession, gallery: String) async throws {
        let window = try await x.startTerminal(
            ["-ti", "vt340", "-xrm", "XTerm*decTerminalID: vt340", "-xrm", "XTerm*numColorRegisters: 256"],
            columns: Self.columns, rows: Self.rows, command: [gallery, "--source", "demo", "--render", "sixel"])
        let geometry = Geometry(originX: window.originX, originY: window.originY,
                                cellWidth: window.cellWidth, cellHeight: window.cellHeight)
        let allThumbnails = (0..<Self.gridRows).flatMap { row in (0..<Self.gridColumns).map { (row, $0) } }
        func picturesEverywhere(_ shot: Screenshot) -> Bool {
            allThumbnails.allSatisfy { shot.luminanceDeviation(in: geometry.thumbnail(row: $0.0, column: $0.1)) > 6 }
        }
        func shotPath(_ name: String) -> String { Self.artifacts.appendingPathComponent("sixel-\(name).ppm").path }

        // Start: twelve pictures.
        let start = try await x.settledScreenshot(path: shotPath("start"), until: picturesEverywhere)
        #expect(start.ok, "thumbnails never all appeared; see \(shotPath("start"))")

        // Three rows down: the selection leaves the viewport and the grid scrolls by one row of cells.
        try x.press("Down", "Down", "Down")
        let scrolled = try await x.settledScreenshot(path: shotPath("scrolled"), until: { shot in
            picturesEverywhere(shot) && shot.difference(geometry.thumbnail(row: 0, column: 0), from: start.shot,
                                                        at: (geometry.thumbnail(row: 0, column: 0).x, geometry.thumbnail(row: 0, column: 0).y)) > 8
        })
        #expect(scrolled.ok, "the grid did not scroll; see \(shotPath("scrolled"))")
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
        #expect(detail.ok, "no detail image; see \(shotPath("detail"))")

        // Esc: the grid is back exactly as it was, with nothing left of the detail image.
        try x.press("Escape")
        let textArea = geometry.cells(row: 0, column: 0, rows: Self.rows - 1, columns: Self.columns)
        let back = try await x.settledScreenshot(path: shotPath("back"), until: { shot in
            shot.difference(textArea, from: scrolled.shot, at: (textArea.x, textArea.y)) < 1
        })
        let stale = back.shot.difference(textArea, from: scrolled.shot, at: (textArea.x, textArea.y))
        #expect(back.ok, "after Esc the screen differs from the grid before Enter by \(stale); see \(shotPath("back"))")

        try x.press("q")
        // Keep PNGs of the terminal window as artefacts.
        let windowSize = "\(Self.columns * geometry.cellWidth + 4)x\(Self.rows * geometry.cellHeight + 4)"
        let crop = "\(windowSize)+\(geometry.originX - 2)+\(geometry.originY - 2)"
        for name in ["start", "scrolled", "detail", "back"] {
            let png = shotPath(name).replacingOccurrences(of: ".ppm", with: ".png")
            if (try? runProgram(["convert", shotPath(name), "-crop", crop, "+repage", png]))?.status == 0 {
                unlink(shotPath(name))
            }
        }
    }
}
