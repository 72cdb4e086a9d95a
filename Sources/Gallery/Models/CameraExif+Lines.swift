import Foundation
import Imaging

extension CameraExif {
    /// The detail pane's lines for a local photo: "Camera: Canon EOS 40D", "Lens: …",
    /// "Exposure: 1/250 s · f/4 · 37 mm · ISO 100", "GPS: 48.858370, 2.294481"; those the Exif
    /// says nothing about are left out. Worded as Unsplash's camera line is (`PhotoExif`).
    var detailLines: [String] {
        var lines: [String] = []
        if let camera = PhotoExif(make: make, model: model).summary { lines.append("Camera: \(camera)") }
        if let lens { lines.append("Lens: \(lens)") }
        let exposure = PhotoExif(exposureTime: exposureSeconds.map { "\($0)" }, aperture: fNumber.map { "\($0)" },
                                 focalLength: focalLength.map { "\($0)" }, iso: iso)
        if let settings = exposure.summary { lines.append("Exposure: \(settings)") }
        if let position {
            lines.append("GPS: " + String(format: "%.6f, %.6f", position.latitude, position.longitude))
        }
        return lines
    }
}
