#if TESTABLE_IMPORTS
@testable import Imaging

extension FuzzInput {
    /// A small image (0...48 a side) from the input: its pixels either raw input bytes (any number
    /// of colours, so quantisation) or indices into a palette of 1...256 colours read first (so
    /// the exact-colour path); a partial last column and row as a reduced JPEG decode leaves them.
    mutating func image() -> RGBImage {
        let width = int(in: 0...48), height = int(in: 0...48)
        let count = width * height * 3
        var pixels: [UInt8]
        if bool() {
            pixels = cycled(bytes(count), to: count)
        } else {
            let colours = int(in: 1...256)
            let palette = cycled(bytes(colours * 3), to: colours * 3)
            let indices = cycled(bytes(width * height), to: width * height)
            pixels = indices.flatMap { index in palette[(Int(index) % colours * 3)...].prefix(3) }
        }
        var image = RGBImage(width: width, height: height, pixels: pixels)
        let (columnEighths, rowEighths) = (int(in: 1...8), int(in: 1...8))
        if width > 0 && height > 0 {
            image.lastColumnEighths = columnEighths
            image.lastRowEighths = rowEighths
        }
        return image
    }

    /// `bytes` repeated to exactly `count` (zeros when there are none).
    private func cycled(_ bytes: [UInt8], to count: Int) -> [UInt8] {
        guard !bytes.isEmpty else { return [UInt8](repeating: 0, count: count) }
        return (0..<count).map { bytes[$0 % bytes.count] }
    }
}
#endif
