import TerminalVocabulary

extension PictureRenderer {
    /// Sixel, kitty or iTerm2: the picture resized to `box`'s pixels and encoded.
    func renderPixels(_ decoded: RGBImage, in box: PixelSize, fit: PictureFit,
                      kittyID: UInt32) throws -> RenderedPicture {
        let image = pixels(decoded, in: box, fit: fit)
        guard image.width > 0, image.height > 0 else { throw ImageError.empty }
        let cells = image.cellsCovered(cellWidth: cell.width, cellHeight: cell.height)
        let content: RenderedPicture.Content
        switch mode {
        case .sixel:
            content = .sixel(try SixelEncoder.encode(image, registers: sixelRegisters,
                                                     quantizedRegisters: sixelQuantizedRegisters))
        case .kitty:
            content = .kitty(KittyPicture(kittyPixelLimit.map { image.scaledDown(toAtMost: $0) } ?? image, id: kittyID, columns: cells.columns, rows: cells.rows,
                                          transmission: kittyTransmission, pixels: kittyPixels))
        case .iterm, .halfblock, .ascii:
            content = .iterm(try ITermImage.encode(image, columns: cells.columns, rows: cells.rows))
        }
        var picture = RenderedPicture(columns: cells.columns, rows: cells.rows, content: content, isTruncated: image.isTruncated)
        picture.decoderWarning = image.decoderWarning
        return picture
    }

    /// The decoded picture at the size it is drawn: `box` filled, or fitted inside it.
    private func pixels(_ decoded: RGBImage, in box: PixelSize, fit: PictureFit) -> RGBImage {
        switch fit {
        case .crop:
            return decoded.aspectFill(width: box.width, height: box.height)
        case .contain:
            let fitted = decoded.fittedSize(width: box.width, height: box.height)
            let extra = mode == .sixel && wholeSixelBands && fitted.height > 6 ? fitted.height % 6 : 0
            // Whole bands: lose at most 5 rows, cropped evenly, rather than distort or pad; the
            // size is worked out first, so the picture is resampled once.
            return extra == 0 ? decoded.aspectFit(width: box.width, height: box.height)
                              : decoded.aspectFill(width: fitted.width, height: fitted.height - extra)
        }
    }
}
