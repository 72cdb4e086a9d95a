import TerminalVocabulary

/// Resizing by area averaging: every output pixel is the mean of the source area it covers, with
/// partially covered source pixels weighted by the covered fraction. That is the right filter for
/// thumbnails (no aliasing, exact for integer ratios); when enlarging it degrades gracefully to
/// nearest-neighbour with blended seams.
extension RGBImage {
    /// This image scaled to exactly `width` x `height` (aspect ratio not preserved).
    /// Returns an empty (0 x 0) image when this image is empty or either side is not positive or
    /// longer than a terminal shows (`PixelSize.largestPictureSide`: the output is allocated whole,
    /// and callers cut their box with `PixelSize.pictureBox` first); the same holds for
    /// `aspectFill` and `aspectFit`.
    public func resized(width: Int, height: Int) -> RGBImage {
        areaResampled(PixelRect(x: 0, y: 0, width: self.width, height: self.height),
                      width: width, height: height)
    }

    /// This image, or when it has more than `limit` pixels, the image scaled down to at most that
    /// many, its aspect kept (each side rounded down, at least 1).
    public func scaledDown(toAtMost limit: Int) -> RGBImage {
        guard width * height > max(1, limit) else { return self }
        let scale = (Double(max(1, limit)) / Double(width * height)).squareRoot()
        return resized(width: max(1, Int(Double(width) * scale)), height: max(1, Int(Double(height) * scale)))
    }

    /// This image scaled to cover `width` x `height`, with the overflow cropped equally from both
    /// sides (centre crop). The result is exactly `width` x `height`.
    public func aspectFill(width: Int, height: Int) -> RGBImage {
        aspectFill(width: width, height: height, sampleAspect: 1)
    }

    /// This image scaled to fit inside `width` x `height` keeping its aspect ratio. The result is
    /// as large as fits, at least 1 x 1, so usually smaller than the box along one side.
    public func aspectFit(width: Int, height: Int) -> RGBImage {
        aspectFit(width: width, height: height, sampleAspect: 1)
    }

    /// `aspectFill` for output samples that are `sampleAspect` times taller than wide (text cells).
    func aspectFill(width: Int, height: Int, sampleAspect: Int) -> RGBImage {
        guard Self.canMake(width: width, height: height), !isEmpty else {
            return areaResampled(.zero, width: width, height: height)
        }
        // Crop the source to the box's aspect (width : height * sampleAspect), centred.
        let boxW = width, boxH = height * sampleAspect
        var crop = PixelRect(x: 0, y: 0, width: self.width, height: self.height)
        if widthEighths * boxH > heightEighths * boxW {
            crop.width = min(self.width, max(1, (heightEighths * boxW + boxH * 4) / (boxH * 8)))
            crop.x = (self.width - crop.width) / 2
        } else {
            crop.height = min(self.height, max(1, (widthEighths * boxH + boxW * 4) / (boxW * 8)))
            crop.y = (self.height - crop.height) / 2
        }
        return areaResampled(crop, width: width, height: height)
    }

    /// `aspectFit` for output samples that are `sampleAspect` times taller than wide (text cells).
    func aspectFit(width: Int, height: Int, sampleAspect: Int) -> RGBImage {
        guard Self.canMake(width: width, height: height), !isEmpty else {
            return areaResampled(.zero, width: width, height: height)
        }
        let fitted = fittedSize(width: width, height: height, sampleAspect: sampleAspect)
        return areaResampled(PixelRect(x: 0, y: 0, width: self.width, height: self.height),
                             width: fitted.width, height: fitted.height)
    }

    /// The size `aspectFit` makes, without making it.
    func fittedSize(width: Int, height: Int, sampleAspect: Int = 1) -> PixelSize {
        guard Self.canMake(width: width, height: height), !isEmpty else { return PixelSize(width: width, height: height) }
        let boxH = height * sampleAspect
        var fitW = width, fitH = boxH
        if widthEighths * boxH > heightEighths * width {
            fitH = max(1, (heightEighths * width + widthEighths / 2) / widthEighths)
        } else {
            fitW = max(1, (widthEighths * boxH + heightEighths / 2) / heightEighths)
        }
        return PixelSize(width: fitW, height: max(1, min(height, (fitH + sampleAspect / 2) / sampleAspect)))
    }

    var isEmpty: Bool { width == 0 || height == 0 }

    /// Whether a resize makes `width` x `height`: checked before the box's sides are multiplied.
    private static func canMake(width: Int, height: Int) -> Bool {
        let sides = 1...PixelSize.largestPictureSide
        return sides.contains(width) && sides.contains(height)
    }

    /// Area-averages the `crop` rectangle of this image into `width` x `height` pixels: a vertical
    /// pass into exact integer sums, then a horizontal pass that divides and rounds once.
    func areaResampled(_ crop: PixelRect, width: Int, height: Int) -> RGBImage {
        guard Self.canMake(width: width, height: height), crop.width > 0, crop.height > 0 else {
            return RGBImage(width: 0, height: 0, pixels: [])
        }
        precondition(crop.x >= 0 && crop.y >= 0 && crop.x + crop.width <= self.width
                     && crop.y + crop.height <= self.height, "crop outside the image")
        // A crop that reaches a partial first or last column or row counts it by its fraction.
        let leftOut = crop.x == 0 ? 8 - firstColumnEighths : 0
        let topOut = crop.y == 0 ? 8 - firstRowEighths : 0
        let cropWidthEighths = crop.width * 8 - leftOut - (crop.x + crop.width == self.width ? 8 - lastColumnEighths : 0)
        let cropHeightEighths = crop.height * 8 - topOut - (crop.y + crop.height == self.height ? 8 - lastRowEighths : 0)
        // Whole pixels to as many: each output is one source pixel, so the crop's rows are copied
        // rather than averaged (the zoom at 100 %, a picture already at its box's size).
        if width == crop.width, height == crop.height, cropWidthEighths == width * 8, cropHeightEighths == height * 8 {
            return copied(crop)
        }
        return areaResampled(crop, columns: AreaWeights(eighths: cropWidthEighths, destination: width, leadingEighths: leftOut),
                             rows: AreaWeights(eighths: cropHeightEighths, destination: height, leadingEighths: topOut))
    }

    /// The `crop` rectangle's pixels, whole ones, with this image's damage notes.
    private func copied(_ crop: PixelRect) -> RGBImage {
        if crop.x == 0, crop.y == 0, crop.width == width, crop.height == height { return self }
        let rowBytes = crop.width * 3
        var cropped: [UInt8] = []
        cropped.reserveCapacity(rowBytes * crop.height)
        for y in crop.y..<(crop.y + crop.height) {
            let from = (y * width + crop.x) * 3
            cropped.append(contentsOf: pixels[from..<(from + rowBytes)])
        }
        var copy = RGBImage(width: crop.width, height: crop.height, pixels: cropped)
        copy.isTruncated = isTruncated
        copy.decoderWarning = decoderWarning
        return copy
    }

    private func areaResampled(_ crop: PixelRect, columns: AreaWeights, rows: AreaWeights) -> RGBImage {
        let width = columns.first.count, height = rows.first.count
        let rowBytes = crop.width * 3
        // One output row at a time: the vertical sums of a row are reused at once, so the buffer
        // between the passes is one row, not an image of 32-bit sums four times the source's size.
        var sums = [UInt32](repeating: 0, count: rowBytes)
        var lanes = [UInt64](repeating: 0, count: max(1, rowBytes / 8 * 4))
        let pixels = [UInt8](unsafeUninitializedCapacity: width * height * 3) { out, initialized in
            for y in 0..<height {
                verticalSums(crop, rows: rows, row: y, into: &sums, lanes: &lanes)
                horizontalAverages(sums, columns: columns, divisor: columns.total * rows.total,
                                   into: UnsafeMutableBufferPointer(rebasing: out[(y * width * 3)..<((y + 1) * width * 3)]))
            }
            initialized = width * height * 3
        }
        var resized = RGBImage(width: width, height: height, pixels: pixels)
        resized.isTruncated = isTruncated
        resized.decoderWarning = decoderWarning
        return resized
    }

    // The two passes below use `while` loops and wrapping arithmetic on raw pointers because they
    // touch every source byte and must stay fast in debug builds, where `for … in` ranges and
    // checked arithmetic cost a call each. The vertical pass runs first because it reads the
    // full-size image row by row, which lets it add eight bytes at a time (SWAR: four 64-bit
    // accumulators, each holding two 32-bit lanes) regardless of how channels fall in a word.

    /// The weighted (not yet divided) sums of every byte of the cropped rows that make output
    /// row `oy`, into `sums` (one cropped row of bytes); `lanes` is scratch space.
    private func verticalSums(_ crop: PixelRect, rows: AreaWeights, row oy: Int, into sums: inout [UInt32],
                              lanes: inout [UInt64]) {
        let rowBytes = crop.width * 3
        let blocks = rowBytes / 8
        let laneMask: UInt64 = 0x0000_00FF_0000_00FF
        pixels.withUnsafeBytes { src in
        lanes.withUnsafeMutableBufferPointer { lanes in
        sums.withUnsafeMutableBufferPointer { dst in
            guard let src = src.baseAddress, let acc = lanes.baseAddress, let out = dst.baseAddress else { return }
            acc.update(repeating: 0, count: blocks * 4)
            out.update(repeating: 0, count: rowBytes)
            var sourceRow = crop.y + rows.first[oy]
            var k = rows.offsets[oy]
            while k < rows.offsets[oy + 1] {
                let w = UInt64(rows.weights[k])
                let line = src + (sourceRow * self.width + crop.x) * 3
                var q = acc, offset = 0
                while offset < blocks &* 8 {
                    let v = line.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                    q[0] &+= (v & laneMask) &* w
                    q[1] &+= ((v &>> 8) & laneMask) &* w
                    q[2] &+= ((v &>> 16) & laneMask) &* w
                    q[3] &+= ((v &>> 24) & laneMask) &* w
                    q += 4
                    offset &+= 8
                }
                let w32 = UInt32(truncatingIfNeeded: w)
                while offset < rowBytes {
                    out[offset] &+= UInt32(line.load(fromByteOffset: offset, as: UInt8.self)) &* w32
                    offset &+= 1
                }
                sourceRow &+= 1
                k &+= 1
            }
            // Lane j of word 4b+i holds byte 8b + i + 4j.
            var b = 0
            while b < blocks {
                let q = acc + b &* 4, o = out + b &* 8
                o[0] = UInt32(truncatingIfNeeded: q[0]); o[4] = UInt32(truncatingIfNeeded: q[0] &>> 32)
                o[1] = UInt32(truncatingIfNeeded: q[1]); o[5] = UInt32(truncatingIfNeeded: q[1] &>> 32)
                o[2] = UInt32(truncatingIfNeeded: q[2]); o[6] = UInt32(truncatingIfNeeded: q[2] &>> 32)
                o[3] = UInt32(truncatingIfNeeded: q[3]); o[7] = UInt32(truncatingIfNeeded: q[3] &>> 32)
                b &+= 1
            }
        }}}
    }

    /// Combines the columns of one row of vertical sums with the horizontal weights and divides,
    /// rounding to nearest, into one output row.
    private func horizontalAverages(_ sums: [UInt32], columns: AreaWeights, divisor: Int,
                                    into dst: UnsafeMutableBufferPointer<UInt8>) {
        let outW = columns.first.count
        let half = UInt64(divisor / 2)
        let divide = ExactDivision(by: UInt64(divisor))
        sums.withUnsafeBufferPointer { sums in
        columns.first.withUnsafeBufferPointer { first in
        columns.offsets.withUnsafeBufferPointer { offsets in
        columns.weights.withUnsafeBufferPointer { weights in
            guard let row = sums.baseAddress, let first = first.baseAddress, let offsets = offsets.baseAddress,
                  let weights = weights.baseAddress, var out = dst.baseAddress else { return }
            var i = 0
            while i < outW {
                var p = row + first[i] &* 3
                var r: UInt64 = 0, g: UInt64 = 0, b: UInt64 = 0
                var k = offsets[i]
                while k < offsets[i &+ 1] {
                    let w = UInt64(weights[k])
                    r &+= UInt64(p[0]) &* w
                    g &+= UInt64(p[1]) &* w
                    b &+= UInt64(p[2]) &* w
                    p += 3
                    k &+= 1
                }
                out[0] = UInt8(truncatingIfNeeded: divide(r &+ half))
                out[1] = UInt8(truncatingIfNeeded: divide(g &+ half))
                out[2] = UInt8(truncatingIfNeeded: divide(b &+ half))
                out += 3
                i &+= 1
            }
        }}}}
    }
}

/// An integer rectangle of pixels.
public struct PixelRect: Equatable, Sendable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    static let zero = PixelRect(x: 0, y: 0, width: 0, height: 0)

    /// Whether `other` lies wholly inside this rectangle.
    public func contains(_ other: PixelRect) -> Bool {
        other.x >= x && other.y >= y && other.x + other.width <= x + width && other.y + other.height <= y + height
    }
}

/// Division of sums of weighted bytes by one divisor, by a multiplication where that is exact: a
/// hardware division per channel of every output pixel was half of a resize's time.
struct ExactDivision {
    private let divisor: UInt64
    /// ⌊2^64 / divisor⌋ + 1, or 0 where the multiplication would not be exact.
    private let reciprocal: UInt64

    /// For dividends up to 256 x `divisor` (a weighted mean of bytes, rounded).
    init(by divisor: UInt64) {
        precondition(divisor > 0)
        self.divisor = divisor
        // With m = ⌊2^64/d⌋ + 1, x·m / 2^64 overshoots x/d by less than x/2^64, which stays under
        // 1/d (so the floor is right) while x·d < 2^64: true for x ≤ 256·d when d < 2^28.
        reciprocal = divisor > 1 && divisor < 1 << 28 ? UInt64.max / divisor &+ 1 : 0
    }

    @inline(__always) func callAsFunction(_ dividend: UInt64) -> UInt64 {
        reciprocal != 0 ? dividend.multipliedFullWidth(by: reciprocal).high : dividend / divisor
    }
}

