import Imaging
public import OperatingSystem

/// What a photo's file records of its taking: when (its Exif date, with the zone when given) and
/// with what (camera, lens). What `DateTaken` reads and `DateIndex` keeps between launches.
struct TakenRecord: Sendable, Equatable {
    /// DateTimeOriginal (else DateTime): a wall-clock reading; nil when the file does not say.
    var date: PhotoDate?
    /// Minutes east of UTC of `date` (OffsetTimeOriginal); nil when not given.
    var offsetMinutes: Int?
    /// "Apple iPhone 12", as the detail pane's Camera line says it; nil when not given.
    var camera: String?
    var lens: String?

    init(date: PhotoDate? = nil, offsetMinutes: Int? = nil, camera: String? = nil, lens: String? = nil) {
        (self.date, self.offsetMinutes, self.camera, self.lens) = (date, offsetMinutes, camera, lens)
    }

    /// What `metadata` says.
    init(_ metadata: PhotoMetadata) {
        self.init(date: metadata.dateTaken, offsetMinutes: metadata.dateTakenOffsetMinutes,
                  camera: PhotoExif(make: metadata.camera.make, model: metadata.camera.model).summary,
                  lens: metadata.camera.lens)
    }
}

/// Where a local photo's date taken comes from: the one seam between the library and the
/// photo's metadata, so EXIF is wired in one place, and the one place a file's date is decided
/// (`captureDate(of:)`: its Exif, else its name, else its modification time) for the listing's
/// order and for its items alike. With a `DateIndex`, what a file records is read once, not at
/// each launch.
public struct DateTaken: Sendable {
    /// What the file at a path records, given the start of that file when the caller has already
    /// read it (nil: read it if needed).
    private let read: @Sendable (_ path: FilePath, _ header: [UInt8]?) -> TakenRecord
    /// What was read before, by path, size and modification time; nil: read every time.
    let index: DateIndex?

    /// Dates from `seconds`, which is given a path alone.
    public init(seconds: @escaping @Sendable (_ path: FilePath) -> Int?) {
        read = { path, _ in TakenRecord(date: seconds(path).flatMap(PhotoDate.init(secondsSince1970AsUTC:))) }
        index = nil
    }

    init(reading read: @escaping @Sendable (_ path: FilePath, _ header: [UInt8]?) -> TakenRecord, index: DateIndex? = nil) {
        self.read = read
        self.index = index
    }

    /// The same reader, what it reads kept in `index` (and what `index` holds not read again).
    public func remembering(in index: DateIndex) -> DateTaken {
        DateTaken(reading: read, index: index)
    }

    /// Seconds since 1970 at which the photo at `path` was taken, by its file alone (no index, no
    /// name); nil when the file does not say. `header`, what `DirectorySource.header(ofFile:)`
    /// read when the caller read it for its dimensions, saves reading it again.
    public func seconds(_ path: FilePath, header: [UInt8]? = nil) -> Int? {
        read(path, header).date?.secondsSince1970AsUTC
    }

    /// What the photo file of `entry` records: from the index when it holds the file as it is
    /// now (same size and modification time), else read (and kept in the index).
    func record(of entry: LibraryEntry, header: [UInt8]? = nil) -> TakenRecord {
        guard entry.kind == .photo else { return TakenRecord() }
        return index?.record(for: Self.key(of: entry)) ?? reading(entry, header: header)
    }

    /// What the photo files of `entries` record, in order (an empty record for a folder or a
    /// video): from the index where it holds the file as it is now, else read and kept; on every
    /// core, each looking up its part of the entries at once.
    func records(of entries: [LibraryEntry]) -> [TakenRecord] {
        entries.indices.concurrentMapParts(minimumPerThread: Self.entriesPerThread) { part in
            let photos = part.filter { entries[$0].kind == .photo }
            let known = index?.records(for: photos.map { Self.key(of: entries[$0]) })
            var records = [TakenRecord](repeating: TakenRecord(), count: part.count)
            for (number, place) in photos.enumerated() {
                records[place - part.lowerBound] = known?[number] ?? reading(entries[place], header: nil)
            }
            return records
        }
    }

    /// Entries a thread looks up or reads at least.
    static let entriesPerThread = 64

    /// What the photo file of `entry` records, read from it and kept in the index.
    private func reading(_ entry: LibraryEntry, header: [UInt8]?) -> TakenRecord {
        let record = read(entry.path, header)
        index?.remember(record, for: Self.key(of: entry))
        return record
    }

    /// The file of `entry` as the listing found it.
    private static func key(of entry: LibraryEntry) -> DateIndex.Key {
        DateIndex.Key(path: entry.path, size: entry.size, modifiedSeconds: entry.modifiedSeconds,
                      modifiedNanoseconds: entry.modifiedNanoseconds)
    }

    /// When the photo or video of `entry` was taken and how that was found: what its file records
    /// (`record(of:header:)`), else its name, else its modification time.
    func captureDate(of entry: LibraryEntry, header: [UInt8]? = nil) -> CaptureDate? {
        captureDate(of: entry, record: record(of: entry, header: header))
    }

    /// The same, given what the file records (read already, or a video's container's date).
    func captureDate(of entry: LibraryEntry, record: TakenRecord) -> CaptureDate? {
        CaptureDate.of(recorded: record.date, offsetMinutes: record.offsetMinutes, name: entry.path.name,
                       modifiedSeconds: entry.modifiedSeconds)
    }

    /// Knows no recorded dates: ordering by `taken` falls back to each file's name, then its
    /// modification time.
    public static let unknown = DateTaken { _ in nil }

    /// The date the photo's Exif gives (DateTimeOriginal, else DateTime) with its zone, and its
    /// camera and lens, from the start of the file, where its dimensions are read too.
    public static let exif = DateTaken(reading: { path, header in
        if header == nil, let record = jpegRecord(path) { return record }
        guard let header = header ?? DirectorySource.header(ofFile: path) else { return TakenRecord() }
        return TakenRecord(PhotoMetadata(readingFile: header))
    })

    /// A JPEG's Exif segment comes first and holds at most 64 KB: when the file's first
    /// `jpegExifBytes` hold its date, what it records is read from them alone, not from the 256 KB
    /// a header is (listing a large library by date reads each file). Nil for any other file, or
    /// one whose date is not there: the whole header is read for it.
    private static func jpegRecord(_ path: FilePath) -> TakenRecord? {
        guard let start = try? LocalFile.readPrefix(path, count: jpegExifBytes),
              ImageFormat(sniffing: start.prefix(16)) == .jpeg else { return nil }
        let record = TakenRecord(PhotoMetadata(reading: start))
        return record.date == nil ? nil : record
    }

    /// An APP0 and a whole APP1 Exif segment, with room to spare.
    static let jpegExifBytes = 80 << 10
}
