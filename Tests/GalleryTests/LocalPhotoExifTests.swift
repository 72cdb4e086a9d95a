import Foundation
import Testing
@testable import Gallery

/// The detail pane's camera lines for a local photo whose Exif exiftool wrote
/// (Tests/ImagingTests/Fixtures/make-camera-fixture.sh), escape sequence in the model included.
@Suite("Local photo Exif in the detail pane")
struct LocalPhotoExifTests {
    @Test func cameraLensExposureAndPositionAreListedWithoutControlCharacters() async throws {
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("ImagingTests/Fixtures/camera-exif.jpg")
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try folder.write([UInt8](Data(contentsOf: fixture)), to: "paris.jpg")
        let source = try DirectorySource(path: folder.path, dateTaken: .exif)
        let photo = try await source.photo(id: folder.path + "/paris.jpg")
        let lines = try await source.extraDetails(for: photo)
        // Once, as the pane shows any photo's date: not again among the file's lines.
        #expect(photo.createdAt == "2022-05-06T07:08:09Z" && !lines.contains { $0.hasPrefix("Taken") }, "\(lines)")
        #expect(lines.contains("Camera: Canon EOS 40D[2J]0;owned"), "\(lines)")
        #expect(lines.contains("Lens: EF-S17-85mm f/4-5.6 IS USM"))
        #expect(lines.contains("Exposure: 1/250 s · f/4 · 37 mm · ISO 100"))
        #expect(lines.contains("GPS: 48.858370, 2.294481"))
        #expect(!lines.joined().unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    }

    @Test func aPhotoWithoutExifHasNoCameraLines() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("ImagingTests/Fixtures/orientation-1.jpg")
        try folder.write([UInt8](Data(contentsOf: fixture)), to: "plain.jpg")
        let source = try DirectorySource(path: folder.path, dateTaken: .exif)
        let lines = try await source.extraDetails(for: try await source.photo(id: folder.path + "/plain.jpg"))
        #expect(!lines.contains { $0.hasPrefix("Camera:") || $0.hasPrefix("Exposure:") || $0.hasPrefix("GPS:") }, "\(lines)")
    }
}
