import OperatingSystem
import TestSupport
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
        let source = try DirectorySource(path: FilePath(folder.path), dateTaken: .exif)
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
        let source = try DirectorySource(path: FilePath(folder.path), dateTaken: .exif)
        let lines = try await source.extraDetails(for: try await source.photo(id: folder.path + "/plain.jpg"))
        #expect(!lines.contains { $0.hasPrefix("Camera:") || $0.hasPrefix("Exposure:") || $0.hasPrefix("GPS:") }, "\(lines)")
    }

    /// `webP` (cwebp's, its EXIF chunk last) with an unknown chunk of `padding` bytes before that
    /// chunk, so that it lies past the header read for every photo.
    static func padded(_ webP: [UInt8], by padding: Int) throws -> [UInt8] {
        let exif = try #require((12..<webP.count - 4).last { webP[$0..<$0 + 4].elementsEqual("EXIF".utf8) })
        let junk = Array("JUNK".utf8) + withUnsafeBytes(of: UInt32(padding).littleEndian, Array.init) + [UInt8](repeating: 0, count: padding)
        var file = Array(webP[..<exif]) + junk + webP[exif...]
        file.replaceSubrange(4..<8, with: withUnsafeBytes(of: UInt32(file.count - 8).littleEndian, Array.init))
        return file
    }

    static func fixture(_ name: String) throws -> [UInt8] {
        try [UInt8](Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("ImagingTests/Fixtures/\(name)")))
    }

    /// A WebP's Exif is read as a JPEG's: the photo's upright size, its date taken and the pane's
    /// camera lines, also when the EXIF chunk, after the picture, lies past the header's 256 KB.
    @Test(arguments: [0, 300 << 10])
    func aWebPsExifIsReadAsAJPEGs(padding: Int) async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try folder.write(Self.padded(Self.fixture("orientation-6.webp"), by: padding), to: "sideways.webp")
        try folder.write(Self.padded(Self.fixture("camera-exif.webp"), by: padding), to: "paris.webp")
        let source = try DirectorySource(path: FilePath(folder.path), dateTaken: .exif)
        let sideways = try await source.photo(id: folder.path + "/sideways.webp")
        #expect((sideways.width, sideways.height) == (203, 149))
        #expect(sideways.createdAt == "2021-07-06T10:11:12Z")
        let paris = try await source.photo(id: folder.path + "/paris.webp")
        let lines = try await source.extraDetails(for: paris)
        #expect(paris.createdAt == "2022-05-06T07:08:09Z")
        #expect(lines.contains("Exposure: 1/250 s · f/4 · 37 mm · ISO 100"), "\(lines)")
        #expect(lines.contains("GPS: 48.858370, 2.294481"))
    }
}

/// A camera RAW in a folder (a DNG made by Tests/ImagingTests/Fixtures/make-dng.py, larger than
/// the header read for every photo): a photo of its upright size, its date taken and the pane's
/// camera lines from LibRaw, as a JPEG's from its Exif.
@Suite("Camera RAW files in a folder")
struct LocalCameraRawTests {
    @Test func aDNGIsAPhotoWithItsCameraLines() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("ImagingTests/Fixtures/make-dng.py").path
        let made = try runProgram(["python3", script, folder.path + "/IMG_0001.DNG", "pad=400000"])
        try #require(made.status == 0, "\(made.stderr)")
        let source = try DirectorySource(path: FilePath(folder.path), dateTaken: .exif)
        let listed = try await source.photos(page: 1, perPage: 10)
        #expect(listed.map(\.title) == ["IMG_0001.DNG"], "\(listed)")
        let photo = try await source.photo(id: folder.path + "/IMG_0001.DNG")
        #expect((photo.width, photo.height) == (120, 160))
        #expect(photo.createdAt == "2024-05-06T07:08:09Z")
        let lines = try await source.extraDetails(for: photo)
        #expect(lines.contains("Camera: Canon EOS 5D"), "\(lines)")
        #expect(lines.contains("Lens: Test Lens 50mm"), "\(lines)")
        #expect(lines.contains("Exposure: 1/250 s · f/2.8 · 50 mm · ISO 200"), "\(lines)")
        #expect(lines.contains("GPS: 48.858203, 2.294814"), "\(lines)")
    }
}
