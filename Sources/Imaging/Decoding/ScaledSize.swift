import TerminalVocabulary

/// The size a codec that scales while decoding (WebP, HEIF thumbnails) decodes at.
enum ScaledSize {
    /// The smallest size with `source`'s aspect whose sides both reach `target`'s, rounded up and
    /// never larger than `source`; `source` itself without a target.
    static func covering(_ target: PixelSize?, source: PixelSize) -> PixelSize {
        guard let target, target.width > 0, target.height > 0, source.width > 0, source.height > 0 else { return source }
        let scale = max(Double(target.width) / Double(source.width), Double(target.height) / Double(source.height))
        guard scale < 1 else { return source }
        return PixelSize(width: min(source.width, max(1, Int((Double(source.width) * scale).rounded(.up)))),
                         height: min(source.height, max(1, Int((Double(source.height) * scale).rounded(.up)))))
    }

    /// The most pixels a side of a picture decoded in boxes (`boxFactor`) keeps: more than any
    /// terminal shows (`gallery view` draws 4096 a side at most).
    static let largestBoxedSide = 4096

    /// The side of the square boxes a codec that decodes row by row (BMP, TIFF) averages `source`'s
    /// pixels over, so the picture it keeps still covers `target` but holds no side longer than
    /// `largestBoxedSide`: 1 (every pixel) for a small picture, 20 for a 10000 px one into a
    /// 480 px cell.
    static func boxFactor(_ target: PixelSize?, source: PixelSize) -> Int {
        let cap = (max(source.width, source.height) + largestBoxedSide - 1) / largestBoxedSide
        guard let target, target.width > 0, target.height > 0 else { return max(1, cap) }
        return max(1, cap, min(source.width / target.width, source.height / target.height))
    }

    /// The smallest whole step (1 for every pixel) by which `size` is divided, each side rounded
    /// up, for its pixels of `bytesPerPixel` bytes to fit `DecodeBudget.bytes`.
    static func step(toFit size: PixelSize, bytesPerPixel: Int) -> Int {
        var step = 1
        while (size.width + step - 1) / step * ((size.height + step - 1) / step) * bytesPerPixel > DecodeBudget.bytes { step += 1 }
        return step
    }

    /// `size`, or the largest size with its aspect whose pixels of `bytesPerPixel` bytes fit
    /// `DecodeBudget.bytes`.
    static func withinBudget(_ size: PixelSize, bytesPerPixel: Int) -> PixelSize {
        let step = step(toFit: size, bytesPerPixel: bytesPerPixel)
        return PixelSize(width: (size.width + step - 1) / step, height: (size.height + step - 1) / step)
    }
}
