/// What `/images/:id` should produce, from imgix-style query parameters and the photo's size.
struct ImageRequest: Sendable, Equatable {
    let width: Int
    let height: Int
    let window: CropWindow
    let quality: Int

    static let maxSide = 4000
    static let defaultWidth = 1080
    static let defaultQuality = 75

    /// imgix semantics: `w` or `h` alone keeps the aspect ratio; both with `fit=crop` give exactly
    /// w x h, cropped from the centre; both otherwise (`max`, `clip`) fit inside w x h, and `max`
    /// never enlarges beyond the photo. `dpr` multiplies the requested size.
    init(query: [String: String], photoWidth: Int, photoHeight: Int) {
        let number = { (name: String) in query[name].flatMap(Double.init).flatMap { $0 > 0 && $0.isFinite ? $0 : nil } }
        let dpr = min(5, max(0.1, number("dpr") ?? 1))
        let fit = query["fit"]?.lowercased() ?? "clip"
        let w = number("w").map { $0 * dpr }, h = number("h").map { $0 * dpr }
        let pw = Double(photoWidth), ph = Double(photoHeight)
        quality = min(100, max(1, query["q"].flatMap { Int($0) } ?? Self.defaultQuality))

        if fit == "crop", let w, let h {
            width = Self.clamp(w)
            height = Self.clamp(h)
            window = .centered(photoAspect: pw / ph, outputAspect: Double(width) / Double(height))
            return
        }
        var scale: Double
        switch (w, h) {
        case let (w?, h?): scale = min(w / pw, h / ph)
        case let (w?, nil): scale = w / pw
        case let (nil, h?): scale = h / ph
        case (nil, nil): scale = Double(Self.defaultWidth) * dpr / pw
        }
        if fit == "max" { scale = min(scale, 1) }
        scale = min(scale, Double(Self.maxSide) / max(pw, ph))
        width = Self.clamp(pw * scale)
        height = Self.clamp(ph * scale)
        window = .full
    }

    private static func clamp(_ side: Double) -> Int { min(maxSide, max(1, Int(side.rounded()))) }
}
