import TerminalVocabulary

extension KittyPicture {
    /// Every command for `image` under `id` over `columns` x `rows` cells, made once here so
    /// whoever shows the picture only copies bytes.
    init(_ image: RGBImage, id: UInt32, columns: Int, rows: Int, transmission: Transmission, pixels: Pixels) {
        switch transmission {
        case .placedAtCursor, .stored:
            let transmitted = transmission == .stored
                ? KittyGraphics.transmit(image, id: id, pixels: pixels)
                : KittyGraphics.transmitAndPlace(image, id: id, columns: columns, rows: rows, pixels: pixels)
            self.init(id: id, transmission: transmitted, placement: KittyGraphics.place(id: id, columns: columns, rows: rows),
                      deletePlacements: KittyGraphics.deletePlacements(id: id), free: KittyGraphics.free(id: id),
                      storedBytes: image.pixels.count)
        case .placeholdersThroughTmux:
            // Text shows it and text erases it: no placement to make or delete.
            self.init(id: id,
                      transmission: KittyGraphics.transmitForPlaceholders(image, id: id, columns: columns, rows: rows, pixels: pixels),
                      placement: [], deletePlacements: [],
                      free: KittyGraphics.tmuxPassthrough(KittyGraphics.free(id: id)), storedBytes: image.pixels.count,
                      placeholderRows: KittyPlaceholders.rows(id: id, columns: columns, rows: rows))
        }
    }
}
