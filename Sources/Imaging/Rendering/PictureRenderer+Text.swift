import TerminalVocabulary

extension PictureRenderer {
    /// Half-blocks or ASCII art over `box`'s samples (`PixelSize.textCell` a cell).
    func renderText(_ decoded: RGBImage, in box: PixelSize, fit: PictureFit) throws -> RenderedPicture {
        let boxRows = box.height / PixelSize.textCell.height
        let art: CellArt
        switch fit {
        case .crop:
            art = cellArt(decoded, columns: box.width, rows: boxRows, fit: .crop)
        case .contain:
            if padsFittedText {
                art = cellArt(decoded, columns: box.width, rows: boxRows, fit: .contain)
            } else {
                // The cells are the picture's own size, rounded up to whole rows, and fitted, not
                // filled: filling them cropped an odd-height picture to their aspect (half of a 240x1).
                let image = decoded.aspectFit(width: box.width, height: box.height)
                art = cellArt(image, columns: image.width, rows: (image.height + 1) / 2, fit: .contain)
            }
        }
        var picture = RenderedPicture(columns: art.columns, rows: art.rows,
                                      lines: (0..<art.rows).map { art.ansiLine(row: $0, depth: depth) },
                                      plainLines: (0..<art.rows).map { art.plainLine(row: $0) })
        picture.isTruncated = decoded.isTruncated
        picture.decoderWarning = decoded.decoderWarning
        return picture
    }

    private func cellArt(_ image: RGBImage, columns: Int, rows: Int, fit: PictureFit) -> CellArt {
        switch mode {
        case .ascii: return CellArt.ascii(from: image, columns: columns, rows: rows, fit: fit, colored: depth != .none)
        case .halfblock, .sixel, .kitty, .iterm: return CellArt.halfBlocks(from: image, columns: columns, rows: rows, fit: fit)
        }
    }
}
