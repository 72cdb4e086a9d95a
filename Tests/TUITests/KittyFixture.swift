import TUI

/// kitty images whose commands are readable markers, so a frame's bytes show which command went out.
enum KittyFixture {
    static func image(_ id: UInt32, storedBytes: Int = 100) -> KittyImage {
        KittyImage(id: id, transmission: Array("<tx \(id)>".utf8), deletePlacements: Array("<del \(id)>".utf8),
                   free: Array("<free \(id)>".utf8), storedBytes: storedBytes)
    }
}
