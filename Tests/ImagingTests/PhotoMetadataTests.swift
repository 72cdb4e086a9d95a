import TerminalVocabulary
import Testing
@testable import Imaging

@Suite struct PhotoMetadataTests {
    static let jpeg = (try? JPEGCodec.encode(TestImages.noise(width: 24, height: 16, seed: 5))) ?? []
    static let png = (try? PNGCodec.encode(TestImages.noise(width: 24, height: 16, seed: 5))) ?? []
    static let taken = Array("2023:06:01 14:32:05".utf8)
    static let modified = Array("2024:01:02 03:04:05".utf8)

    @Test(arguments: ImageOrientation.allCases)
    func orientationIsReadFromAJPEGsExifSegment(orientation: ImageOrientation) {
        let tagged = ExifFixtures.jpeg(Self.jpeg, withExif: ExifFixtures.tiff(orientation: UInt16(orientation.rawValue)))
        #expect(PhotoMetadata(reading: tagged).orientation == orientation)
    }

    @Test func orientationIsReadFromAPNGsEXIfChunk() throws {
        let tagged = ExifFixtures.png(Self.png, withExif: ExifFixtures.tiff(orientation: 8))
        #expect(PhotoMetadata(reading: tagged).orientation == .rotatedLeft)
        // libpng still decodes it (the chunk's CRC is right).
        #expect(try PNGCodec.decode(tagged).width == 24)
    }

    /// A WebP's EXIF chunk, after the picture: the TIFF data alone as the container's spec and
    /// cwebp have it, or with "Exif\0\0" first as some writers put it; libwebp still decodes the file.
    @Test(arguments: [false, true])
    func orientationIsReadFromAWebPsEXIFChunk(headed: Bool) throws {
        let simple = try FormatFixtures.bytes("coffee.webp")
        let tiff = ExifFixtures.tiff(orientation: 6, dateTimeOriginal: Self.taken)
        let tagged = ExifFixtures.webP(simple, canvas: PixelSize(width: 160, height: 107),
                                       withExif: (headed ? Array("Exif".utf8) + [0, 0] : []) + tiff, padding: 1001)
        #expect(PhotoMetadata(reading: tagged) == PhotoMetadata(orientation: .rotatedRight, dateTaken: PhotoDate(exif: Self.taken)))
        #expect(!PhotoMetadata.exifLiesBeyond(tagged))
        let decoded = try ImageDecoder.decode(tagged)
        #expect((decoded.width, decoded.height) == (107, 160))
        #expect(try ImageDecoder.dimensions(of: tagged) == PixelSize(width: 107, height: 160))
    }

    /// A file's start that stops before the EXIF chunk says so (the caller reads the whole file);
    /// no WebP without the VP8X flag, or complete, or of another format, does.
    @Test func aWebPsExifPastTheStartGivenIsSaidToBeThere() throws {
        let simple = try FormatFixtures.bytes("coffee.webp")
        let tagged = ExifFixtures.webP(simple, canvas: PixelSize(width: 160, height: 107),
                                       withExif: ExifFixtures.tiff(orientation: 3), padding: 3000)
        let exifAt = tagged.count - 8 - ExifFixtures.tiff(orientation: 3).count
        for count in [30, simple.count, exifAt, tagged.count - 1] {
            let start = Array(tagged.prefix(count))
            #expect(PhotoMetadata.exifLiesBeyond(start), "\(count) bytes")
            #expect(PhotoMetadata(reading: start).orientation == .up)
        }
        #expect(PhotoMetadata(reading: tagged).orientation == .upsideDown)
        var unflagged = tagged
        unflagged[20] = 0
        for file in [tagged, unflagged, Array(unflagged.prefix(40)), simple, Self.jpeg, Self.png] {
            #expect(!PhotoMetadata.exifLiesBeyond(file))
        }
        #expect(PhotoMetadata(reading: unflagged).orientation == .up)
    }

    @Test func dateTakenIsTheOriginalDateElseTheFileDate() {
        let both = ExifFixtures.tiff(dateTime: Self.modified, dateTimeOriginal: Self.taken)
        #expect(PhotoMetadata(reading: ExifFixtures.jpeg(Self.jpeg, withExif: both)).dateTaken
                == PhotoDate(year: 2023, month: 6, day: 1, hour: 14, minute: 32, second: 5))
        let fileDateOnly = ExifFixtures.tiff(orientation: 1, dateTime: Self.modified)
        #expect(PhotoMetadata(reading: ExifFixtures.png(Self.png, withExif: fileDateOnly)).dateTaken?.description
                == "2024-01-02 03:04:05")
    }

    @Test func aDateCountsSecondsAsIfItWereUTC() throws {
        #expect(try #require(PhotoDate(year: 1970, month: 1, day: 1)).secondsSince1970AsUTC == 0)
        // Checked with `date -u -d "2024-06-01 14:32:05" +%s` and "1900-03-01".
        #expect(try #require(PhotoDate(exif: Array("2024:06:01 14:32:05".utf8))).secondsSince1970AsUTC == 1_717_252_325)
        #expect(try #require(PhotoDate(year: 1900, month: 3, day: 1)).secondsSince1970AsUTC == -2_203_891_200)
    }

    /// Seconds read as UTC give back the date they were counted from, leap days and years before 1970 too.
    @Test(arguments: ["2024-02-29 23:59:59", "1970-01-01 00:00:00", "1969-12-31 23:59:59", "1900-03-01 12:00:00",
                      "2000-01-01 00:00:00", "2023-07-14 10:15:00", "9999-12-31 23:59:59", "0001-01-01 00:00:00"])
    func secondsReadAsUTCGiveTheDateBack(_ text: String) throws {
        let date = try #require(PhotoDate(exif: Array(text.utf8)))
        #expect(PhotoDate(secondsSince1970AsUTC: date.secondsSince1970AsUTC) == date)
    }

    /// Seconds outside the years 1 to 9999 are no date, never an overflow (found by fuzzing the date index).
    @Test func secondsOutsideTheYearsAreNoDate() {
        for seconds in [Int.min, Int.max, -62_135_596_801, 253_402_300_800, -0x7FFF_FFFF_FFFF_FF00] {
            #expect(PhotoDate(secondsSince1970AsUTC: seconds) == nil, "\(seconds)")
        }
        #expect(PhotoDate(secondsSince1970AsUTC: -62_135_596_800) == PhotoDate(year: 1, month: 1, day: 1))
        #expect(PhotoDate(secondsSince1970AsUTC: 253_402_300_799) == PhotoDate(year: 9999, month: 12, day: 31, hour: 23, minute: 59, second: 59))
    }

    @Test func controlCharactersInADateMakeNoDate() {
        let escape = Array("2023:06:01\u{1B}[2J:05".utf8)
        let tiff = ExifFixtures.tiff(dateTime: escape, dateTimeOriginal: Array("2023:06:01 14:3\u{07}:05".utf8))
        #expect(PhotoMetadata(reading: ExifFixtures.jpeg(Self.jpeg, withExif: tiff)).dateTaken == nil)
    }

    @Test func noExifOrAnotherFormatReadsAsTheDefaults() {
        #expect(PhotoMetadata(reading: Self.jpeg) == PhotoMetadata())
        #expect(PhotoMetadata(reading: Self.png) == PhotoMetadata())
        #expect(PhotoMetadata(reading: Array("GIF89a".utf8)) == PhotoMetadata())
        #expect(PhotoMetadata(reading: [UInt8]()) == PhotoMetadata())
        // Out of range: as if absent.
        let nine = ExifFixtures.jpeg(Self.jpeg, withExif: ExifFixtures.tiff(orientation: 9))
        #expect(PhotoMetadata(reading: nine).orientation == .up)
    }

    /// Every prefix of a tagged file: the walk stops at the buffer's end, and a cut block reads
    /// as what libexif can make of it, never a crash.
    @Test func everyPrefixOfATaggedFileIsSafe() {
        let tiff = ExifFixtures.tiff(orientation: 6, dateTime: Self.modified, dateTimeOriginal: Self.taken)
        let webP = ExifFixtures.webP((try? FormatFixtures.bytes("coffee.webp")) ?? [], canvas: PixelSize(width: 160, height: 107), withExif: tiff)
        for file in [ExifFixtures.jpeg(Self.jpeg, withExif: tiff), ExifFixtures.png(Self.png, withExif: tiff), webP] {
            let complete = PhotoMetadata(reading: file)
            #expect(complete == PhotoMetadata(orientation: .rotatedRight, dateTaken: PhotoDate(exif: Self.taken)))
            for count in 0..<file.count {
                let read = PhotoMetadata(reading: Array(file.prefix(count)))
                #expect(read.orientation == .up || read.orientation == .rotatedRight)
            }
        }
    }

    @Test func exifAfterTheScanIsNotLookedFor() throws {
        let tiff = ExifFixtures.tiff(orientation: 3)
        let payload: [UInt8] = Array("Exif".utf8) + [0, 0] + tiff
        let segment: [UInt8] = [0xFF, 0xE1] + ExifFixtures.be16(UInt16(payload.count + 2)) + payload
        let late = Array(Self.jpeg.dropLast(2)) + segment + [0xFF, 0xD9]
        #expect(PhotoMetadata(reading: late).orientation == .up)
    }
}

@Suite struct PhotoDateTests {
    @Test func parsesExifsFormAndCommonVariants() {
        let expected = PhotoDate(year: 2001, month: 2, day: 3, hour: 4, minute: 5, second: 6)
        for text in ["2001:02:03 04:05:06", "2001-02-03T04:05:06", "2001/02/03 04:05:06", "2001:02:03 04:05:06.123"] {
            #expect(PhotoDate(exif: Array(text.utf8)) == expected, "\(text)")
        }
        #expect(expected?.description == "2001-02-03 04:05:06")
    }

    @Test func refusesUnsetAndMalformedDates() {
        for text in ["0000:00:00 00:00:00", "    :  :     :  :  ", "2001:13:03 04:05:06", "2001:02:03 24:05:06",
                     "2001:02:03", "2001:02-03 04:05:06", "2001:02:03 04:05:0x", "２００１:02:03 04:05:06"] {
            #expect(PhotoDate(exif: Array(text.utf8)) == nil, "\(text)")
        }
    }

    @Test func sortsByTime() throws {
        let dates = try ["2020:01:01 00:00:00", "2019:12:31 23:59:59", "2020:01:01 00:00:01"].map {
            try #require(PhotoDate(exif: Array($0.utf8)))
        }
        #expect(dates.sorted().map(\.description) == ["2019-12-31 23:59:59", "2020-01-01 00:00:00", "2020-01-01 00:00:01"])
    }

    /// Exif's zone of a date: "+HH:MM" or "-HH:MM" within ±14 hours, else none.
    @Test func offsetsAreReadStrictly() {
        #expect(PhotoMetadata.offsetMinutes(Array("+02:00".utf8)) == 120)
        #expect(PhotoMetadata.offsetMinutes(Array("-09:30".utf8)) == -570)
        #expect(PhotoMetadata.offsetMinutes(Array("+00:00".utf8)) == 0)
        for bad in ["", "   :  ", "+2:00", "+02:60", "+15:00", "02:00", "+02-00", "+02:00 "] {
            #expect(PhotoMetadata.offsetMinutes(Array(bad.utf8)) == nil, "\(bad)")
        }
    }

    /// No 30 February, no 31 April; 29 February in a leap year only.
    @Test func daysAreTheMonths() {
        #expect(PhotoDate(year: 2024, month: 2, day: 29) != nil && PhotoDate(year: 2000, month: 2, day: 29) != nil)
        #expect(PhotoDate(year: 2023, month: 2, day: 29) == nil && PhotoDate(year: 1900, month: 2, day: 29) == nil)
        #expect(PhotoDate(year: 2023, month: 4, day: 31) == nil && PhotoDate(year: 2023, month: 2, day: 30) == nil)
        #expect(PhotoDate(exif: Array("2023:02:30 10:00:00".utf8)) == nil)
    }
}
