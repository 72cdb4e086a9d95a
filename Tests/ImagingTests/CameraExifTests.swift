import Testing
@testable import Imaging

/// Camera, lens, exposure and GPS read from Exif blocks made byte by byte.
@Suite struct CameraExifTests {
    static let jpeg = (try? JPEGCodec.encode(TestImages.noise(width: 24, height: 16, seed: 7))) ?? []

    /// A Canon in Paris (48°51'30.132" N, 2°17'40.1316" E): f/4, 1/250 s, ISO 100, 37 mm.
    static func eiffelTower(model: [UInt8] = Array("Canon EOS 40D".utf8), latitudeRef: UInt8 = UInt8(ascii: "N"),
                            longitudeRef: UInt8 = UInt8(ascii: "E")) -> [UInt8] {
        ExifFixtures.tiff(
            ifd0: [.ascii(0x010F, Array("Canon".utf8)), .ascii(0x0110, model), .short(0x0112, 1)],
            exif: [.rationals(0x829A, [(1, 250)]), .rationals(0x829D, [(40, 10)]), .short(0x8827, 100),
                   .rationals(0x920A, [(37, 1)]), .ascii(0xA434, Array("EF-S17-85mm f/4-5.6 IS USM".utf8))],
            gps: [.ascii(0x0001, [latitudeRef]), .rationals(0x0002, [(48, 1), (51, 1), (30132, 1000)]),
                  .ascii(0x0003, [longitudeRef]), .rationals(0x0004, [(2, 1), (17, 1), (401316, 10000)])])
    }

    @Test func cameraLensExposureAndPositionAreRead() throws {
        let camera = PhotoMetadata(reading: ExifFixtures.jpeg(Self.jpeg, withExif: Self.eiffelTower())).camera
        #expect(camera.make == "Canon" && camera.model == "Canon EOS 40D")
        #expect(camera.lens == "EF-S17-85mm f/4-5.6 IS USM")
        #expect(camera.fNumber == 4 && camera.exposureSeconds == 0.004 && camera.iso == 100 && camera.focalLength == 37)
        let position = try #require(camera.position)
        #expect(abs(position.latitude - 48.858370) < 1e-6 && abs(position.longitude - 2.294481) < 1e-6)
    }

    @Test func southAndWestAreNegative() throws {
        let tiff = Self.eiffelTower(latitudeRef: UInt8(ascii: "S"), longitudeRef: UInt8(ascii: "W"))
        let position = try #require(PhotoMetadata(reading: ExifFixtures.jpeg(Self.jpeg, withExif: tiff)).camera.position)
        #expect(position.latitude < -48.85 && position.longitude < -2.29)
        // Another reference letter is no position at all.
        let odd = Self.eiffelTower(latitudeRef: UInt8(ascii: "X"))
        #expect(PhotoMetadata(reading: ExifFixtures.jpeg(Self.jpeg, withExif: odd)).camera.position == nil)
    }

    @Test func anEscapeSequenceInTheModelReachesNoString() throws {
        let hostile = Array("EOS\u{1B}]52;c;d2lwZQ==\u{07}\u{1B}[2J 40D\r\n\u{202E}\u{9B}".utf8) + [0x9B, 0x1B]
        let camera = PhotoMetadata(reading: ExifFixtures.jpeg(Self.jpeg, withExif: Self.eiffelTower(model: hostile))).camera
        let model = try #require(camera.model)
        #expect(!model.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0 == "\u{202E}" },
                "\(model.unicodeScalars.map { String($0.value, radix: 16) })")
        #expect(model.hasPrefix("EOS]52;c;d2lwZQ==[2J 40D"))
    }

    @Test func textIsCappedAndBlankTextIsAbsent() throws {
        let long = Array(String(repeating: "x", count: 200).utf8)
        let blank = Array("   \u{01}\u{1B} ".utf8)
        let tiff = ExifFixtures.tiff(ifd0: [.ascii(0x010F, blank), .ascii(0x0110, long)])
        let camera = PhotoMetadata(reading: ExifFixtures.jpeg(Self.jpeg, withExif: tiff)).camera
        #expect(camera.model?.count == 63)
        #expect(camera.make == nil)
    }

    @Test func zeroDenominatorsAndNonsenseAreAbsent() {
        let tiff = ExifFixtures.tiff(
            ifd0: [.short(0x0112, 1)],
            exif: [.rationals(0x829A, [(1, 0)]), .rationals(0x829D, [(0, 1)]), .rationals(0x920A, [(37, 1), (1, 1)])],
            gps: [.rationals(0x0002, [(48, 1), (51, 0), (0, 1)]), .rationals(0x0004, [(2, 1), (17, 1), (40, 1)]),
                  .rationals(0x0006, [(1, 1)])])
        let camera = PhotoMetadata(reading: ExifFixtures.jpeg(Self.jpeg, withExif: tiff)).camera
        #expect(camera.isEmpty, "\(camera)")
        #expect(GPSPosition(latitude: 91, longitude: 0) == nil && GPSPosition(latitude: 0, longitude: -181) == nil)
        #expect(PhotoMetadata(reading: Self.jpeg).camera.isEmpty)
    }
}

/// The same fields as exiftool writes them (Fixtures/make-camera-fixture.sh).
@Suite struct CameraExifFixtureTests {
    @Test func exiftoolsTagsReadTheSame() throws {
        let camera = PhotoMetadata(reading: try FormatFixtures.bytes("camera-exif.jpg")).camera
        #expect(camera.make == "Canon" && camera.model == "EOS 40D[2J]0;owned")
        #expect(camera.lens == "EF-S17-85mm f/4-5.6 IS USM")
        #expect(camera.fNumber == 4 && camera.exposureSeconds == 0.004 && camera.iso == 100 && camera.focalLength == 37)
        let position = try #require(camera.position)
        #expect(abs(position.latitude - 48.858370) < 1e-6 && abs(position.longitude - 2.294481) < 1e-6)
    }
}
