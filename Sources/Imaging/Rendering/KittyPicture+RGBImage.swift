import TerminalVocabulary

extension KittyPicture {
    /// Every command for `image` under `id` over `columns` x `rows` cells, made once here so
    /// whoever shows the picture only copies bytes.
    init(_ image: RGBImage, id: UInt32, columns: Int, rows: Int, transmission: Transmission, pixels: Pixels) {
        let transmitted = switch transmission {
        case .placedAtCursor: KittyGraphics.transmitAndPlace(image, id: id, columns: columns, rows: rows, pixels: pixels)
        case .stored: KittyGraphics.transmit(image, id: id, pixels: pixels)
        }
        self.init(id: id, transmission: transmitted, placement: KittyGraphics.place(id: id, columns: columns, rows: rows),
                  deletePlacements: KittyGraphics.deletePlacements(id: id), free: KittyGraphics.free(id: id),
                  storedBytes: image.pixels.count)
    }
}
