import TerminalEnvironment

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
}
