import Foundation
import Imaging
import TerminalVocabulary
import TestSupport
import Testing

/// The detail pane's zoom as a person sees it: the real `gallery` in xterm emulating a VT340 under
/// Xvfb, on a 4000 px photo. At 100 % the screen shows the photo's own pixels (the pane's picture
/// against the original's crop where it matches best: PSNR ≥ 35 dB, one screen pixel to one photo
/// pixel, within a few pixels of the photo's middle), `l` moves it a quarter of the pane to the
/// right, and `w` shows the fitted picture again. Screenshots kept in `.build/artifacts/` as PNGs.
@Suite(.serialized) struct ZoomSixelEndToEndTests {
    typealias Grid = SixelEndToEndTests
    static let photoName = "chelsea-4000.jpg"
    /// The pane's picture area: the left 79 columns, the rows above the status bar.
    static let paneColumns = 79, paneRows = Grid.rows - 1
    /// The smallest PSNR of the zoomed pane against the photo's crop. Measured: 39 dB at 100 % and
    /// after the pan; the fitted picture against the zoomed one 10 dB, the view before the pan
    /// against the photo after it 14 dB. (The fur is soft at full size: one pixel off still
    /// measured 38 dB, so where the view is drawn is checked by the offsets, not by the PSNR.)
    static let minimumPSNR = 35.0

    static let enabled = XvfbSession.isAvailable && SharedPhotos.has(photoName)
    static let whyDisabled: Comment = Comment(rawValue: XvfbSession.isAvailable
        ? "needs \(SharedPhotos.path(photoName)) (../shared/photos)"
        : "needs \(XvfbSession.requiredPrograms.joined(separator: ", ")) (apt-get install xvfb xterm xdotool x11-xserver-utils imagemagick)")

    @Test(.enabled(if: enabled, whyDisabled))
    func aHundredPercentShowsThePhotosPixelsPansAndFitsAgain() async throws {
        let gallery = try #require(galleryExecutable(), "gallery binary not found next to the test bundle")
        try FileManager.default.createDirectory(at: Grid.artifacts, withIntermediateDirectories: true)
        let folder = try TemporaryDirectory()
        let photos = folder.path + "/photos"
        try FileManager.default.createDirectory(atPath: photos, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: SharedPhotos.path(Self.photoName), toPath: photos + "/" + Self.photoName)
        let original = try JPEGCodec.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: SharedPhotos.path(Self.photoName)))))

        let x = try await XvfbSession(logDirectory: Grid.artifacts)
        do {
            try await zoomPanAndFit(x, gallery: gallery, command: [
                "env", "XDG_CACHE_HOME=\(folder.path)/cache", "XDG_STATE_HOME=\(folder.path)/state",
                "XDG_CONFIG_HOME=\(folder.path)/config", gallery, "--render", "sixel", photos,
            ], original: original)
        } catch {
            await x.close()
            throw error
        }
        await x.close()
    }

    private func zoomPanAndFit(_ x: XvfbSession, gallery: String, command: [String], original: RGBImage) async throws {
        let window = try await x.startTerminal(
            ["-ti", "vt340", "-xrm", "XTerm*decTerminalID: vt340", "-xrm", "XTerm*numColorRegisters: 256",
             "-bg", "black", "-fg", "white"],
            columns: Grid.columns, rows: Grid.rows, command: command)
        let geometry = Grid.Geometry(originX: window.originX, originY: window.originY,
                                     cellWidth: window.cellWidth, cellHeight: window.cellHeight)
        let pane = geometry.cells(row: 0, column: 0, rows: Self.paneRows, columns: Self.paneColumns)
        let shot = { (name: String) in Grid.artifacts.appendingPathComponent("zoom-sixel-\(name).ppm").path }
        let thumbnail = geometry.thumbnail(row: 0, column: 0)
        let grid = try await x.settledScreenshot(path: shot("grid"), until: { $0.luminanceDeviation(in: thumbnail) > 6 })
        try #require(grid.ok, "no thumbnail; see \(shot("grid"))")

        try x.press("Return")
        // The middle of the pane shows a picture, unlike the grid's gaps and titles there.
        let middle = Screenshot.Region(x: pane.x + pane.width / 2 - 40, y: pane.y + pane.height / 2 - 40, width: 80, height: 80)
        let fitted = try await x.settledScreenshot(path: shot("fitted"), until: { shot in
            shot.luminanceDeviation(in: middle) > 6 && shot.rootMeanSquareError(pane, from: grid.shot) > 0.05
        })
        try #require(fitted.ok, "no detail picture; see \(shot("fitted"))")

        try x.press("equal")
        let zoomed = try await x.settledScreenshot(path: shot("100"), until: { $0.rootMeanSquareError(pane, from: fitted.shot) > 0.05 })
        try #require(zoomed.ok, "= changed nothing; see \(shot("100"))")
        // At 100 % the pane's middle shows the photo's middle: where the screen matches the photo
        // best, near there, is where it is drawn.
        let photoMiddle = (x: original.width / 2, y: original.height / 2)
        let paneMiddle = (x: pane.x + pane.width / 2, y: pane.y + pane.height / 2)
        let atHundred = Self.bestAlignment(of: zoomed.shot, around: paneMiddle, in: original,
                                           near: (photoMiddle.x - paneMiddle.x, photoMiddle.y - paneMiddle.y), within: 12)
        let hundredPSNR = Self.psnr(of: zoomed.shot, in: pane, against: original, offset: atHundred)
        #expect(hundredPSNR >= Self.minimumPSNR,
                "100 %: PSNR \(hundredPSNR) dB against the photo's crop at offset \(atHundred); see \(shot("100"))")

        // `l`: a quarter of the pane further right in the photo, the same rows.
        try x.press("l")
        let panned = try await x.settledScreenshot(path: shot("panned"), until: { $0.rootMeanSquareError(pane, from: zoomed.shot) > 0.05 })
        try #require(panned.ok, "l changed nothing; see \(shot("panned"))")
        // The app's own sums for a pane of these pixels: a quarter of its width, the view kept
        // on whole photo pixels.
        let photo = PixelSize(width: original.width, height: original.height)
        let box = PixelSize(width: pane.width, height: pane.height)
        let hundred = PictureZoom(scale: 1)
        let moved = hundred.panned(across: Double(box.width) / 4, down: 0, photo: photo, box: box)
        let shift = moved.view(photo: photo, box: box).region.x - hundred.view(photo: photo, box: box).region.x
        let afterPan = Self.bestAlignment(of: panned.shot, around: paneMiddle, in: original,
                                          near: (atHundred.x + shift, atHundred.y), within: 12)
        let pannedPSNR = Self.psnr(of: panned.shot, in: pane, against: original, offset: afterPan)
        #expect(pannedPSNR >= Self.minimumPSNR,
                "panned: PSNR \(pannedPSNR) dB against the photo's crop at offset \(afterPan); see \(shot("panned"))")
        #expect(abs(afterPan.x - atHundred.x - shift) <= 1 && afterPan.y == atHundred.y,
                "l moved the view from \(atHundred) to \(afterPan), not a quarter of the pane (\(shift) pixels) right")

        // `w`: the fitted picture again, pixel for pixel as far as the palette goes.
        try x.press("w")
        let fitAgain = try await x.settledScreenshot(path: shot("fit-again"), until: { $0.rootMeanSquareError(pane, from: panned.shot) > 0.05 })
        let fitPSNR = TmuxSixelEndToEndTests.psnr(fitAgain.shot.rootMeanSquareError(pane, from: fitted.shot))
        #expect(fitAgain.ok && fitPSNR >= Self.minimumPSNR,
                "w: PSNR \(fitPSNR) dB against the fitted picture after Enter; see \(shot("fit-again"))")

        try x.press("q")
        for name in ["grid", "fitted", "100", "panned", "fit-again"] { Grid.keepPNG(shot(name), geometry: geometry) }
    }

    /// The offset (photo minus screen coordinates) within `within` pixels of `near` at which a
    /// 160-pixel square of `shot` about `centre` best matches `photo`: the least sum of absolute
    /// luminance differences, over every other pixel. One screen pixel a photo pixel, as at 100 %.
    static func bestAlignment(of shot: Screenshot, around centre: (x: Int, y: Int), in photo: RGBImage,
                              near: (x: Int, y: Int), within: Int) -> (x: Int, y: Int) {
        func luminance(_ pixels: [UInt8], _ offset: Int) -> Int {
            (299 * Int(pixels[offset]) + 587 * Int(pixels[offset + 1]) + 114 * Int(pixels[offset + 2])) / 1000
        }
        let half = 80
        var best = (x: near.x, y: near.y), bestSum = Int.max
        for dy in -within...within {
            for dx in -within...within {
                var sum = 0
                for y in stride(from: centre.y - half, to: centre.y + half, by: 2) {
                    for x in stride(from: centre.x - half, to: centre.x + half, by: 2) {
                        let px = x + near.x + dx, py = y + near.y + dy
                        guard px >= 0, py >= 0, px < photo.width, py < photo.height else { sum += 255; continue }
                        sum += abs(luminance(shot.pixels, (y * shot.width + x) * 3) - luminance(photo.pixels, (py * photo.width + px) * 3))
                    }
                }
                if sum < bestSum { (bestSum, best) = (sum, (near.x + dx, near.y + dy)) }
            }
        }
        return best
    }

    /// PSNR of `region` of `shot` against the photo's pixels at `offset` from it, over the part of
    /// the region inside the photo and a few pixels in from the region's edges (the sixel stops at
    /// a whole band, so its last rows may be the background).
    static func psnr(of shot: Screenshot, in region: Screenshot.Region, against photo: RGBImage, offset: (x: Int, y: Int)) -> Double {
        let inset = 8
        var squared = 0, count = 0
        for y in (region.y + inset)..<(region.y + region.height - inset) {
            for x in (region.x + inset)..<(region.x + region.width - inset) {
                let px = x + offset.x, py = y + offset.y
                guard px >= 0, py >= 0, px < photo.width, py < photo.height, x < shot.width, y < shot.height else { continue }
                let a = (y * shot.width + x) * 3, b = (py * photo.width + px) * 3
                for channel in 0..<3 {
                    let difference = Int(shot.pixels[a + channel]) - Int(photo.pixels[b + channel])
                    squared += difference * difference
                }
                count += 3
            }
        }
        guard count > 0 else { return 0 }
        guard squared > 0 else { return .infinity }
        return 10 * log10(255 * 255 / (Double(squared) / Double(count)))
    }
}
