import Imaging
import OperatingSystem
import Testing
@testable import Gallery

/// The dates phones and messengers write in their files' names, and names that only look like one.
@Suite struct FileNameDateTests {
    static let named: [(String, String)] = [
        ("IMG_20230714_101500.jpg", "2023-07-14 10:15:00"),
        ("IMG_20230714_101500_1.jpg", "2023-07-14 10:15:00"),
        ("img_20230714_101500.JPG", "2023-07-14 10:15:00"),
        ("VID_20230714_101500.mp4", "2023-07-14 10:15:00"),
        ("MVIMG_20230714_101500.jpg", "2023-07-14 10:15:00"),
        ("20230714_101500.jpg", "2023-07-14 10:15:00"),
        ("20230714_101500(0).jpg", "2023-07-14 10:15:00"),
        ("IMG-20230714-WA0012.jpg", "2023-07-14 00:00:00"),
        ("VID-20230714-WA0001.mp4", "2023-07-14 00:00:00"),
        ("WhatsApp Image 2023-07-14 at 10.15.00.jpeg", "2023-07-14 10:15:00"),
        ("WhatsApp Image 2023-07-14 at 10.15.00 (1).jpeg", "2023-07-14 10:15:00"),
        ("WhatsApp Video 2023-07-14 at 22.05.09.mp4", "2023-07-14 22:05:09"),
        ("WhatsApp Image 2023-07-14 at 10.15.00 PM.jpeg", "2023-07-14 22:15:00"),
        ("WhatsApp Image 2023-07-14 at 12.15.00 AM.jpeg", "2023-07-14 00:15:00"),
        ("Screenshot_2023-07-14-10-15-00.png", "2023-07-14 10:15:00"),
        ("Screenshot_2023-07-14-10-15-00-123_com.android.chrome.jpg", "2023-07-14 10:15:00"),
        ("Screenshot_20230714-101500.png", "2023-07-14 10:15:00"),
        ("Screenshot_20230714_101500_Chrome.jpg", "2023-07-14 10:15:00"),
        ("Screenshot 2023-07-14 at 10.15.00.png", "2023-07-14 10:15:00"),
        ("Screenshot 2023-07-14 at 10.15.00\u{202F}PM.png", "2023-07-14 22:15:00"),
        ("Screenshot from 2023-07-14 10-15-00.png", "2023-07-14 10:15:00"),
        ("signal-2023-07-14-101500.jpeg", "2023-07-14 10:15:00"),
        ("signal-2023-07-14-101500_002.jpeg", "2023-07-14 10:15:00"),
        ("photo_2023-07-14_10-15-00.jpg", "2023-07-14 10:15:00"),
        ("IMG_20240229_000000.jpg", "2024-02-29 00:00:00"),
        ("IMG_19900101_000000.jpg", "1990-01-01 00:00:00"),
        ("IMG_21001231_235959.jpg", "2100-12-31 23:59:59"),
    ]

    @Test(arguments: named)
    func aPhonesOrAMessengersNameGivesItsDate(name: String, expected: String) {
        #expect(FileNameDate.date(ofName: FilePath(name))?.description == expected)
    }

    /// A Pixel names its files in UTC: the date is the user's clock at that instant, as a
    /// modification time's is.
    @Test func aPixelsNameIsUniversalTime() throws {
        let instant = try #require(PhotoDate(year: 2023, month: 7, day: 14, hour: 10, minute: 15)).secondsSince1970AsUTC
        let local = LocalTime(secondsSince1970: instant)
        let expected = PhotoDate(year: local.year, month: local.month, day: local.day, hour: local.hour, minute: local.minute)
        #expect(FileNameDate.date(ofName: "PXL_20230714_101500123.jpg") == expected)
        #expect(FileNameDate.date(ofName: "PXL_20230714_101500123.MP.jpg") == expected)
        #expect(FileNameDate.date(ofName: "PXL_20230714_101500.jpg") == expected)
    }

    static let nearMisses = [
        "DSC01234.JPG", "IMG_1234.JPG", "IMG_20230714.jpg", "IMG_20230714101500.jpg", "IMG_2023071_101500.jpg",
        "IMG_20231345_101500.jpg", "IMG_20230230_101500.jpg", "IMG_20230229_101500.jpg", "IMG_20230714_246000.jpg",
        "IMG_20230714_106000.jpg", "IMG_20230714_101560.jpg", "IMG_20230714_1015001.jpg", "IMG_18990714_101500.jpg",
        "IMG_21010101_000000.jpg", "20230714_1015.jpg", "120230714_101500.jpg", "2023-07-14.jpg", "x20230714_101500.jpg",
        "holiday IMG_20230714_101500.jpg", "PXL_20230714_1015001234.jpg", "IMG-20230714.jpg", "IMG-2023071-WA0001.jpg",
        "WhatsApp Image 2023-07-14 at 10.15.jpeg", "WhatsApp Image 2023-7-14 at 10.15.00.jpeg",
        "WhatsApp Image 2023-07-14 at 13.15.00 PM.jpeg", "WhatsApp Image 2023-07-14 at 00.15.00 AM.jpeg",
        "WhatsApp Image 2023-07-14 at 10.15.000.jpeg", "Screenshot_2023-07-14.png", "Screenshot_2023-13-14-10-15-00.png",
        "Screenshot 2023-07-14 at 10:15:00.png", "signal-2023-07-14.jpeg", "signal-2023-07-14-1015.jpeg",
        "photo_2023-07-14.jpg", "photo_2023-07-14_10-15.jpg", "telegram_2023-07-14_10-15-00.jpg", "", "IMG_",
        "IMG_00000000_000000.jpg", "99999999_999999.jpg",
    ]

    @Test(arguments: nearMisses)
    func aNameThatOnlyLooksLikeOneGivesNone(name: String) {
        #expect(FileNameDate.date(ofName: FilePath(name)) == nil)
    }

    /// A name's date comes after the file's own record, before its modification time.
    @Test func theFilesRecordComesFirstThenItsNameThenItsModificationTime() throws {
        let exif = try #require(PhotoDate(year: 2020, month: 1, day: 2))
        let recorded = CaptureDate.of(recorded: exif, offsetMinutes: 60, name: "IMG_20230714_101500.jpg", modifiedSeconds: 0)
        #expect(recorded == CaptureDate(date: exif, source: .recorded, offsetMinutes: 60))
        let named = CaptureDate.of(recorded: nil, name: "IMG_20230714_101500.jpg", modifiedSeconds: 0)
        #expect(named == CaptureDate(date: PhotoDate(year: 2023, month: 7, day: 14, hour: 10, minute: 15)!, source: .fileName))
        #expect(CaptureDate.of(recorded: nil, name: "DSC01234.JPG", modifiedSeconds: 1_000)?.source == .modified)
    }
}
