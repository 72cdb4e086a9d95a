import TerminalVocabulary

extension CellArt {
    /// Ten printable characters from dark (little ink) to bright (much ink), for a light-on-dark
    /// terminal.
    static let asciiRamp: [Character] = Array(" .:-=+*#%@")

    /// Two square pixels per cell: the picture is area-averaged to `columns` x `rows * 2` pixels
    /// and every cell is "▀" with the upper pixel as foreground and the lower as background.
    /// With `.contain`, cells outside the picture are blank, and a cell the picture covers only half
    /// of draws that half ("▀" or "▄") over the default background.
    /// Art for a box larger than a terminal shows is empty (see `isShown`).
    public static func halfBlocks(from image: RGBImage, columns: Int, rows: Int, fit: PictureFit) -> CellArt {
        guard isShown(columns: columns, rows: rows) else { return empty }
        let placed = Placement(image, columns: columns, rows: rows * 2, sampleAspect: 1, fit: fit)
        return CellArt(columns: columns, rows: rows) { column, row in
            let top = placed.pixel(column, row * 2), bottom = placed.pixel(column, row * 2 + 1)
            switch (top, bottom) {
            case (let top?, _): return Cell(character: "\u{2580}", foreground: top, background: bottom)
            case (nil, let bottom?): return Cell(character: "\u{2584}", foreground: bottom)
            case (nil, nil): return .blank
            }
        }
    }

    /// One character per cell, chosen from a luminance ramp (Rec. 709 luma of the cell's
    /// area-averaged colour). Cells are taken to be twice as tall as wide. When `colored`, each
    /// character's foreground is the cell's colour; otherwise colours are left to the terminal.
    /// Art for a box larger than a terminal shows is empty (see `isShown`).
    public static func ascii(from image: RGBImage, columns: Int, rows: Int, fit: PictureFit, colored: Bool) -> CellArt {
        guard isShown(columns: columns, rows: rows) else { return empty }
        let placed = Placement(image, columns: columns, rows: rows, sampleAspect: 2, fit: fit)
        return CellArt(columns: columns, rows: rows) { column, row in
            guard let colour = placed.pixel(column, row) else { return .blank }
            let index = min(asciiRamp.count - 1, colour.luma * asciiRamp.count / 256)
            return Cell(character: asciiRamp[index], foreground: colored ? colour : nil)
        }
    }

    /// Whether a terminal shows `columns` x `rows` cells of text art: `PixelSize.textCell` samples
    /// each, no side longer than `PixelSize.largestPictureSide`. Checked before anything is
    /// multiplied or allocated; callers cut their box with `PixelSize.pictureBox` first.
    private static func isShown(columns: Int, rows: Int) -> Bool {
        let box = PixelSize.pictureBox(columns: columns, rows: rows, cell: .textCell)
        return columns <= box.width && rows <= box.height / PixelSize.textCell.height
    }

    private static let empty = CellArt(columns: 0, rows: 0, cells: [])

    private init(columns: Int, rows: Int, cell: (_ column: Int, _ row: Int) -> Cell) {
        let columns = max(0, columns), rows = max(0, rows)
        var cells = [Cell]()
        cells.reserveCapacity(columns * rows)
        for row in 0..<rows {
            for column in 0..<columns { cells.append(cell(column, row)) }
        }
        self.init(columns: columns, rows: rows, cells: cells)
    }
}

/// A picture resized for a grid of samples, and where it sits in the grid.
private struct Placement {
    let image: RGBImage
    let x: Int
    let y: Int

    /// `sampleAspect` is how many times taller than wide one grid sample is on screen.
    init(_ source: RGBImage, columns: Int, rows: Int, sampleAspect: Int, fit: PictureFit) {
        switch fit {
        case .crop:
            image = source.aspectFill(width: columns, height: rows, sampleAspect: sampleAspect)
            x = 0
            y = 0
        case .contain:
            image = source.aspectFit(width: columns, height: rows, sampleAspect: sampleAspect)
            x = (columns - image.width) / 2
            y = (rows - image.height) / 2
        }
    }

    /// The picture's pixel at grid position (column, row), nil outside the picture.
    func pixel(_ column: Int, _ row: Int) -> RGB? {
        let px = column - x, py = row - y
        guard px >= 0, py >= 0, px < image.width, py < image.height else { return nil }
        return image[px, py]
    }
}

extension RGB {
    /// Rec. 709 luma, 0...255, of the (gamma-encoded) components.
    var luma: Int {
        (2126 * Int(r) + 7152 * Int(g) + 722 * Int(b) + 5000) / 10000
    }
}
