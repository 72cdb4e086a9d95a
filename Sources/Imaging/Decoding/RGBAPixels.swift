/// Four-channel pixels as a codec hands them over, turned into the RGB the rest of Imaging draws.
enum RGBAPixels {
    /// `rgba` (R, G, B, A a pixel, rows packed) composited over `background` in sRGB values, as
    /// PNG transparency is shown: what browsers and chafa do. `premultiplied` when the colour
    /// channels already carry the alpha (libtiff's RGBA images).
    static func composited(_ rgba: UnsafeBufferPointer<UInt8>, width: Int, height: Int,
                           premultiplied: Bool = false, over background: RGB = RGB(0, 0, 0)) -> RGBImage {
        let count = width * height
        precondition(rgba.count >= count * 4, "RGBA buffer smaller than \(width)x\(height)")
        let backdrop = [Int(background.r), Int(background.g), Int(background.b)]
        let pixels = [UInt8](unsafeUninitializedCapacity: count * 3) { rgb, initialized in
            for pixel in 0..<count {
                let alpha = Int(rgba[pixel * 4 + 3])
                for channel in 0..<3 {
                    let value = Int(rgba[pixel * 4 + channel])
                    let shown = premultiplied ? value * 255 + backdrop[channel] * (255 - alpha)
                                              : value * alpha + backdrop[channel] * (255 - alpha)
                    rgb[pixel * 3 + channel] = UInt8(min(255, (shown + 127) / 255))
                }
            }
            initialized = count * 3
        }
        return RGBImage(width: width, height: height, pixels: pixels)
    }
}
