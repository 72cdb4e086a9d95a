import Foundation

/// Camera settings Unsplash sends with a single photo (`GET /photos/:id`); every field may be null.
public struct PhotoExif: Codable, Sendable, Equatable {
    public var make: String?
    public var model: String?
    public var exposureTime: String?
    public var aperture: String?
    public var focalLength: String?
    public var iso: Int?

    public init(make: String? = nil, model: String? = nil, exposureTime: String? = nil,
                aperture: String? = nil, focalLength: String? = nil, iso: Int? = nil) {
        self.make = make
        self.model = model
        self.exposureTime = exposureTime
        self.aperture = aperture
        self.focalLength = focalLength
        self.iso = iso
    }

    enum CodingKeys: String, CodingKey {
        case make, model, aperture, iso
        case exposureTime = "exposure_time"
        case focalLength = "focal_length"
    }

    /// One line for the detail pane, e.g. "Canon EOS 40D · 1/90 s · f/4.97 · 37 mm · ISO 100"; nil when empty.
    public var summary: String? {
        var parts: [String] = []
        if let camera = camera { parts.append(camera) }
        if let seconds = exposureTime.flatMap(Double.init), seconds > 0, seconds.isFinite {
            if seconds >= 1 {
                parts.append("\(Self.short(seconds)) s")
            } else if let fraction = Int(exactly: (1 / seconds).rounded()) {
                // A server's "1e-30" has no such fraction (it trapped): nonsense is left out.
                parts.append("1/\(fraction) s")
            }
        }
        if let f = aperture.flatMap(Double.init), f > 0 { parts.append("f/\(Self.short(f))") }
        if let mm = focalLength.flatMap(Double.init), mm > 0 { parts.append("\(Self.short(mm)) mm") }
        if let iso { parts.append("ISO \(iso)") }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }

    /// The model, prefixed by the make unless the model already names it ("Canon EOS 40D", not "Canon Canon EOS 40D").
    private var camera: String? {
        let make = make?.trimmingCharacters(in: .whitespaces) ?? "", model = model?.trimmingCharacters(in: .whitespaces) ?? ""
        if model.isEmpty { return make.isEmpty ? nil : make }
        if make.isEmpty || model.lowercased().hasPrefix(make.lowercased()) { return model }
        return "\(make) \(model)"
    }

    /// At most two decimals, no trailing zeros: 4.970854 → "4.97", 37.0 → "37".
    private static func short(_ value: Double) -> String {
        var text = String(format: "%.2f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}

/// Where a photo was taken, as Unsplash names it; every field may be null.
public struct PhotoLocation: Codable, Sendable, Equatable {
    public var name: String?
    public var city: String?
    public var country: String?

    public init(name: String? = nil, city: String? = nil, country: String? = nil) {
        self.name = name
        self.city = city
        self.country = country
    }

    /// "Name" when Unsplash gives one (it usually includes city and country), else "City, Country"; nil when empty.
    public var summary: String? {
        if let name, !name.isEmpty { return name }
        let parts = [city, country].compactMap { $0 }.filter { !$0.isEmpty }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }
}
