import Imaging

/// An RGB raster being rendered, with the normalized photo coordinates of each column and row
/// centre precomputed so renderers never redo the mapping per pixel.
struct Canvas {
    let width: Int
    let height: Int
    /// Photo width / height: horizontal distances times this are in photo-height units.
    let aspect: Double
    let window: CropWindow
    /// Normalized x of each column centre.
    let xs: [Double]
    /// Normalized y of each row centre (0 at the top).
    let ys: [Double]
    var pixels: [UInt8]

    init(width: Int, height: Int, window: CropWindow, aspect: Double) {
        precondition(width > 0 && height > 0)
        self.width = width
        self.height = height
        self.aspect = aspect
        self.window = window
        xs = (0..<width).map { window.x0 + (Double($0) + 0.5) / Double(width) * (window.x1 - window.x0) }
        ys = (0..<height).map { window.y0 + (Double($0) + 0.5) / Double(height) * (window.y1 - window.y0) }
        pixels = [UInt8](repeating: 0, count: width * height * 3)
    }

    /// The column showing normalized x, if it is inside the canvas.
    func column(ofX x: Double) -> Int? {
        let column = Int(((x - window.x0) / (window.x1 - window.x0) * Double(width)).rounded(.down))
        return (0..<width).contains(column) ? column : nil
    }

    /// The row showing normalized y, if it is inside the canvas.
    func row(ofY y: Double) -> Int? {
        let row = Int(((y - window.y0) / (window.y1 - window.y0) * Double(height)).rounded(.down))
        return (0..<height).contains(row) ? row : nil
    }

    var image: RGBImage { RGBImage(width: width, height: height, pixels: pixels) }

    /// Renders with `render` at a reduced size (at most `share` of the pixels, and at most
    /// `budget` pixels) and upscales the result into this canvas: for pictures that are costly
    /// per pixel but smooth enough to survive it.
    mutating func renderReduced(share: Double, budget: Int, _ render: (inout Canvas) -> Void) {
        let total = Double(width * height)
        let computed = min(Double(budget), total * share)
        guard computed < total, width > 1, height > 1 else { return render(&self) }
        let scale = (computed / total).squareRoot()
        var small = Canvas(width: max(1, Int(Double(width) * scale)), height: max(1, Int(Double(height) * scale)),
                           window: window, aspect: aspect)
        render(&small)
        pixels = BilinearResampler.resample(small.image, width: width, height: height).pixels
    }
}

/// Pixel helpers. Inner loops avoid function calls and generic code (`min`, `max`, `for-in`
/// over ranges, buffer-pointer subscripts), which debug builds neither inline nor specialize and
/// which would make rendering several times slower; helpers here are for per-row work.
enum Pixel {
    /// A colour component in 0...1 as a byte, clamped.
    static func byte(_ value: Double) -> UInt8 {
        value <= 0 ? 0 : value >= 1 ? 255 : UInt8(value * 255)
    }

    /// The colour as three bytes, clamped.
    static func bytes(_ color: Color) -> (UInt8, UInt8, UInt8) { (byte(color.r), byte(color.g), byte(color.b)) }

    /// Writes `count` pixels of one colour from `pixel` on.
    static func fill(_ pixel: UnsafeMutablePointer<UInt8>, count: Int, with color: (UInt8, UInt8, UInt8)) {
        var pixel = pixel, remaining = count
        while remaining > 0 {
            pixel[0] = color.0; pixel[1] = color.1; pixel[2] = color.2
            pixel += 3
            remaining -= 1
        }
    }
}
