import Imaging

/// The picture of one photo: which generator draws it and with what parameters.
enum Artwork: Sendable {
    case landscape(LandscapeArtwork)
    case city(CityArtwork)
    case fractal(FractalArtwork)
    case plasma(PlasmaArtwork)

    /// Landscapes dominate, like on Unsplash's front page; abstract art adds colour.
    init(using rng: inout SplitMix64, aspect: Double) {
        let roll = rng.unit()
        switch roll {
        case ..<0.55: self = .landscape(LandscapeArtwork(using: &rng))
        case ..<0.7: self = .city(CityArtwork(using: &rng, aspect: aspect))
        case ..<0.87: self = .fractal(FractalArtwork(using: &rng))
        default: self = .plasma(PlasmaArtwork(using: &rng))
        }
    }

    var caption: Caption {
        switch self {
        case .landscape(let artwork): artwork.caption
        case .city(let artwork): artwork.caption
        case .fractal(let artwork): artwork.caption
        case .plasma(let artwork): artwork.caption
        }
    }

    /// Renders the `window` part of the picture at exactly `width` x `height` pixels.
    func render(width: Int, height: Int, window: CropWindow = .full, aspect: Double) -> RGBImage {
        var canvas = Canvas(width: width, height: height, window: window, aspect: aspect)
        switch self {
        case .landscape(let artwork): artwork.render(into: &canvas)
        case .city(let artwork): artwork.render(into: &canvas)
        case .fractal(let artwork): artwork.render(into: &canvas)
        case .plasma(let artwork): artwork.render(into: &canvas)
        }
        return canvas.image
    }

    /// The mean colour of the whole picture, from a tiny render (Unsplash's `color`).
    func dominantColor(aspect: Double) -> Color {
        let image = render(width: 16, height: 16, aspect: aspect)
        var sums = [0, 0, 0]
        for (i, value) in image.pixels.enumerated() { sums[i % 3] += Int(value) }
        let count = Double(image.width * image.height * 255)
        return Color(Double(sums[0]) / count, Double(sums[1]) / count, Double(sums[2]) / count)
    }
}
