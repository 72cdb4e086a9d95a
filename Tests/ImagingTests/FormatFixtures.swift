import Foundation
import Imaging

/// The format fixtures (`Fixtures/make-fixtures.sh`): one 160x107 photo in each format, beside
/// its lossless PNG, which the decodes are measured against.
enum FormatFixtures {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func bytes(_ name: String) throws -> [UInt8] {
        try [UInt8](Data(contentsOf: folder.appendingPathComponent(name)))
    }

    /// The reference picture: the fixtures' source PNG, which has no alpha.
    static func reference(_ name: String = "coffee.png") throws -> RGBImage {
        try PNGCodec.decode(bytes(name))
    }

    /// `bytes` with the bytes from `offset` on replaced by `replacement`, for damage.
    static func patched(_ bytes: [UInt8], at offset: Int, with replacement: [UInt8]) -> [UInt8] {
        var copy = bytes
        copy.replaceSubrange(offset..<min(copy.count, offset + replacement.count), with: replacement)
        return copy
    }
}
