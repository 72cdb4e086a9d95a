/// How and where a photo was taken, as its Exif says: camera, lens, exposure, GPS position.
/// Text is the tag's bytes without control or format characters (escape sequences, bidi
/// overrides), at most 63 bytes as read; numbers are kept only when they make sense (a zero
/// denominator, a latitude past 90° read as absent).
public struct CameraExif: Sendable, Equatable {
    public var make: String?
    public var model: String?
    public var lens: String?
    /// The f-number, e.g. 2.8.
    public var fNumber: Double?
    /// The shutter speed in seconds, e.g. 0.004 (1/250 s).
    public var exposureSeconds: Double?
    /// ISO speed, e.g. 100.
    public var iso: Int?
    /// The focal length in millimetres (not the 35 mm equivalent).
    public var focalLength: Double?
    public var position: GPSPosition?

    public init(make: String? = nil, model: String? = nil, lens: String? = nil, fNumber: Double? = nil,
                exposureSeconds: Double? = nil, iso: Int? = nil, focalLength: Double? = nil, position: GPSPosition? = nil) {
        (self.make, self.model, self.lens) = (make, model, lens)
        (self.fNumber, self.exposureSeconds, self.iso, self.focalLength) = (fNumber, exposureSeconds, iso, focalLength)
        self.position = position
    }

    /// Whether the Exif said none of these.
    public var isEmpty: Bool { self == CameraExif() }

    /// Text from Exif bytes: UTF-8 (invalid bytes become U+FFFD), without control characters
    /// (C0, DEL, C1: ESC among them), format characters or line separators, trimmed; nil when
    /// nothing is left.
    static func text(_ bytes: some Collection<UInt8>) -> String? {
        let decoded = String(decoding: bytes, as: UTF8.self)
        var kept = String.UnicodeScalarView()
        for scalar in decoded.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned: continue
            default: kept.append(scalar)
            }
        }
        let trimmed = String(kept).trimmingSpaces
        return trimmed.isEmpty ? nil : trimmed
    }

    /// A RATIONAL's value when it has a denominator and is above zero.
    static func positive(_ numerator: UInt32, _ denominator: UInt32) -> Double? {
        guard denominator != 0, numerator != 0 else { return nil }
        return Double(numerator) / Double(denominator)
    }
}

/// Where a photo was taken, in decimal degrees: north and east positive.
public struct GPSPosition: Sendable, Equatable {
    public let latitude: Double
    public let longitude: Double

    /// Nil unless -90...90 and -180...180.
    public init?(latitude: Double, longitude: Double) {
        guard latitude.isFinite, longitude.isFinite, abs(latitude) <= 90, abs(longitude) <= 180 else { return nil }
        (self.latitude, self.longitude) = (latitude, longitude)
    }

    /// Degrees, minutes and seconds as Exif stores them (three RATIONALs each, a zero
    /// denominator making the whole position unknown) and the references ('N' or 'S', 'E' or 'W';
    /// 0 when absent, read as north and east).
    init?(latitude: [(UInt32, UInt32)], latitudeRef: UInt8, longitude: [(UInt32, UInt32)], longitudeRef: UInt8) {
        func degrees(_ parts: [(UInt32, UInt32)]) -> Double? {
            guard parts.count == 3, parts.allSatisfy({ $0.1 != 0 }) else { return nil }
            let values = parts.map { Double($0.0) / Double($0.1) }
            guard values[1] < 60, values[2] < 60 else { return nil }
            return values[0] + values[1] / 60 + values[2] / 3600
        }
        func sign(_ ref: UInt8, positive: UInt8, negative: UInt8) -> Double? {
            switch ref {
            case 0, positive: 1
            case negative: -1
            default: nil
            }
        }
        guard let lat = degrees(latitude), let lon = degrees(longitude),
              let latSign = sign(latitudeRef, positive: UInt8(ascii: "N"), negative: UInt8(ascii: "S")),
              let lonSign = sign(longitudeRef, positive: UInt8(ascii: "E"), negative: UInt8(ascii: "W")) else { return nil }
        self.init(latitude: lat * latSign, longitude: lon * lonSign)
    }
}

private extension String {
    /// Without leading and trailing spaces (cameras pad Make and Model with them).
    var trimmingSpaces: String {
        var scalars = Substring(self)
        while scalars.first?.isWhitespace == true { scalars.removeFirst() }
        while scalars.last?.isWhitespace == true { scalars.removeLast() }
        return String(scalars)
    }
}
