import Foundation
import TestSupport

/// ImageMagick's `convert`, for tests that make pictures from the shared photos.
enum ImageMagick {
    static let isInstalled = FileManager.default.isExecutableFile(atPath: "/usr/bin/convert")

    /// `path` through `convert` with `options`, written as a JPEG and read back.
    static func convert(_ path: String, _ options: [String]) throws -> [UInt8] {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("convert-\(UUID().uuidString).jpg")
        defer { try? FileManager.default.removeItem(at: output) }
        _ = try runProgram(["/usr/bin/convert", path] + options + [output.path])
        return try [UInt8](Data(contentsOf: output))
    }
}
