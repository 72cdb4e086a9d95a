import Imaging

/// The picture of one photo: which generator draws it and with what parameters.
enum Scene: Sendable {
    case landscape(LandscapeScene)
    case city(CityScene)
    case fractal(FractalScene)
    case plasma(PlasmaScene)

    /// Landscapes dominate, like on Unsplash's front page; abstract art adds colour.
    init(using rng: inout SplitMix64, aspect: Double) {
        let roll = rng.unit()
        switch roll {
        case ..<0.55: self = .landscape(LandscapeScene(using: &rng))
        case ..<0.7: self = .city(CityScene(using: &rng, aspect: aspect))
        case ..<0.87: self = .fractal(FractalScene(using: &rng))
        default: self = .plasma(PlasmaScene(using: &rng))
        }
    }

    var caption: Caption {
        switch self {
        case .landscape(let scene): scene.caption
        case .city(let scene): scene.caption
        case .fractal(let scene): scene.caption
        case .plasma(let scene): scene.caption
        }
    }

    /// Renders the `window` part of the picture at exactly `width` x `height` pixels.
    func render(width: Int, height: Int, window: CropWindow = .full, aspect: Double) -> RGBImage {
        var canvas = Canvas(width: width, height: height, window: window, aspect: aspect)
        switch self {
        case .landscape(let scene): scene.render(into: &canvas)
        case .city(let scene): scene.render(into: &canvas)
        case .fractal(let scene): scene.render(into: &canvas)
        case .plasma(let scene): scene.render(into: &canvas)
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
