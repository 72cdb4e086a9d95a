import TerminalEnvironment

extension KittyPicture {
    /// Every command for `image` under `id` over `columns` x `rows` cells, made once here so
    /// whoever shows the picture only copies bytes.
    init(_ image: RGBImage, id: UInt32, columns: Int, rows: Int, transmission: Transmission) {
        let transmitted = switch transmission {
        case .placedAtCursor: KittyGraphics.transmitAndPlace(image, id: id, columns: columns, rows: rows)
        case .stored: KittyGraphics.transmit(image, id: id)
        }
        self.init(id: id, transmission: transmitted, placement: KittyGraphics.place(id: id, columns: columns, rows: rows),
                  deletePlacements: KittyGraphics.deletePlacements(id: id), free: KittyGraphics.free(id: id),
                  storedBytes: image.pixels.count)
    }
}
