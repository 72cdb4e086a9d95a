import Imaging
import Logging
public import OperatingSystem

/// What files are (a photo, a video, neither: `FileKind`) and what photo files recorded of their
/// taking (`TakenRecord`), kept between launches in one small file under the user's cache folder,
/// so that a large library is not opened file by file at every start, nor read for its dates when
/// ordered by date taken. A file is known by its path's bytes, its size and its modification time
/// to the nanosecond: one changed since is opened and read again.
///
/// Read once, at the first look-up; written whole and atomically by `save()` when it learnt
/// something. Bounded: entries not looked up for `forgottenAfterDays` are dropped, and at most
/// `maxEntries` kept (the longest unseen dropped first). A damaged or cut file is ignored, with
/// a line in the log, and written afresh at the next save.
public final class DateIndex: Sendable {
    /// A file as it is now.
    struct Key: Hashable, Sendable {
        let path: FilePath
        let size: Int
        let modifiedSeconds: Int
        let modifiedNanoseconds: Int

        init(path: FilePath, size: Int, modifiedSeconds: Int, modifiedNanoseconds: Int) {
            (self.path, self.size, self.modifiedSeconds, self.modifiedNanoseconds) = (path, size, modifiedSeconds, modifiedNanoseconds)
        }

        init(path: FilePath, status: FileStatus) {
            self.init(path: path, size: status.size, modifiedSeconds: status.modifiedSeconds,
                      modifiedNanoseconds: status.modifiedNanoseconds)
        }
    }

    /// What a file's first bytes say it is (`LibraryScan` lists photos and videos).
    enum FileKind: UInt8, Sendable {
        case photo = 1, video, neither
    }

    /// One file: what it is, its record once read, the file as it was then, and the day it was
    /// last looked up.
    struct Entry: Equatable, Sendable {
        var key: Key
        var kind: FileKind
        /// What the photo records; nil until read (a listing by name tells its kind only).
        var record: TakenRecord?
        /// Days since 1970 (UTC) when it was last looked up or read.
        var seenDay: Int
    }

    /// Where the index is kept.
    public let file: FilePath
    private let today: Int
    private let state = Locked<State?>(nil)
    private let hash: @Sendable (FilePath) -> Int

    private struct State {
        /// The entries, each path's at its place in `places`: a dictionary holding the entries
        /// themselves took twice their size (its buckets, a power of two, half empty at worst).
        private(set) var entries: [Entry] = []
        /// Places by the path's hash: a dictionary keyed by the paths compares whole paths at each
        /// bucket it probes, and a library's paths share long beginnings. A path is compared once,
        /// with the entry found.
        private var places: [Int: Int] = [:]
        /// Places of the paths whose hash an earlier path has.
        private var collided: [FilePath: Int] = [:]
        private let hash: @Sendable (FilePath) -> Int
        /// Whether it holds something the file does not: it is written at the next save.
        var changed = false

        init(_ entries: [Entry], hash: @escaping @Sendable (FilePath) -> Int) {
            self.hash = hash
            places.reserveCapacity(entries.count)
            for entry in entries { self[entry.key.path] = entry }
            changed = false
        }

        /// The entry of the file at `path`; set, it replaces the one there was.
        subscript(path: FilePath) -> Entry? {
            get { place(of: path, hashed: hash(path)).map { entries[$0] } }
            set {
                guard let newValue else { return }
                let hashed = hash(path)
                if let place = place(of: path, hashed: hashed) {
                    entries[place] = newValue
                } else {
                    if places[hashed] == nil { places[hashed] = entries.count } else { collided[path] = entries.count }
                    entries.append(newValue)
                }
                changed = true
            }
        }

        private func place(of path: FilePath, hashed: Int) -> Int? {
            if let place = places[hashed], entries[place].key.path == path { return place }
            return collided.isEmpty ? nil : collided[path]
        }
    }

    static let maxEntries = 500_000
    static let forgottenAfterDays = 180
    /// What a file larger than this holds is not read: `maxEntries` of long paths stay below it.
    static let maxFileBytes = 256 << 20

    /// The index kept at `file`; `now` (seconds since 1970) dates what is looked up.
    public convenience init(file: FilePath, now: Int = LocalTime.nowSecondsSince1970) {
        self.init(file: file, now: now, hashingPathsWith: { $0.hashValue })
    }

    /// `hash`: how paths are placed in memory (a test makes them all collide).
    init(file: FilePath, now: Int = LocalTime.nowSecondsSince1970, hashingPathsWith hash: @escaping @Sendable (FilePath) -> Int) {
        self.file = file
        today = now / 86_400
        self.hash = hash
    }

    /// The index in the user's cache folder: `$XDG_CACHE_HOME/gallery/dates.index`.
    public static func inCache(environment: [String: String]) -> DateIndex {
        DateIndex(file: XDGDirectories(environment: environment).cacheHome.appending("gallery/dates.index"))
    }

    private static let logger = Logger(label: "gallery.library")

    /// The record of the file as `key` says it is now, when the index holds it.
    func record(for key: Key) -> TakenRecord? {
        records(for: [key])[0]
    }

    /// The records of the files as `keys` say they are now, each nil where the index does not hold it.
    func records(for keys: [Key]) -> [TakenRecord?] {
        lookUp(keys) { $0.record }
    }

    /// What the files as `keys` say they are now were found to be, each nil where the index does
    /// not hold it.
    func kinds(for keys: [Key]) -> [FileKind?] {
        lookUp(keys) { $0.kind }
    }

    /// One lock for many look-ups: the scan and the sort look up a part of a library at a time on
    /// each core, and a lock taken per file, by two threads in turn, cost more than the look-ups.
    private func lookUp<Part>(_ keys: [Key], _ part: (Entry) -> Part?) -> [Part?] {
        withState { state in keys.map { seen($0, in: &state).flatMap(part) } }
    }

    /// The entry of the file as it is now, marked seen today.
    private func seen(_ key: Key, in state: inout State) -> Entry? {
        // Found by its path: the rest of the key tells whether it is the file as it was.
        guard var entry = state[key.path], entry.key.size == key.size, entry.key.modifiedSeconds == key.modifiedSeconds,
              entry.key.modifiedNanoseconds == key.modifiedNanoseconds else { return nil }
        if entry.seenDay != today {
            entry.seenDay = today
            state[key.path] = entry
        }
        return entry
    }

    /// Keeps what the photo file as `key` says recorded.
    func remember(_ record: TakenRecord, for key: Key) {
        withState { state in
            state[key.path] = Entry(key: key, kind: .photo, record: record, seenDay: today)
        }
    }

    /// Keeps what the file as `key` says is: its record, when one is kept, stays with a photo.
    func remember(_ kind: FileKind, for key: Key) {
        withState { state in
            let known = state[key.path].flatMap { $0.key == key && kind == .photo ? $0.record : nil }
            state[key.path] = Entry(key: key, kind: kind, record: known, seenDay: today)
        }
    }

    /// How many files it holds (read from its file first when need be).
    var count: Int { withState { $0.entries.count } }

    /// Writes the index when it learnt something since it was read, without the entries long
    /// unseen, at most `maxEntries`; a failure is logged, and the index stays as it is in memory.
    public func save() {
        let bytes: [UInt8]? = withState { state in
            guard state.changed else { return nil }
            state = State(Self.pruned(state.entries, today: today), hash: hash)
            return Self.encode(state.entries)
        }
        guard let bytes else { return }
        do {
            try File.makeDirectories(file.parent, permissions: 0o700)
            try File.writeAtomically(bytes, to: file.description, permissions: 0o600)
        } catch {
            Self.logger.info("the index of dates taken was not saved: \(error)")
        }
    }

    private func withState<Result>(_ body: (inout State) -> Result) -> Result {
        state.withLock { state in
            if state == nil { state = State(load(), hash: hash) }
            return body(&state!)
        }
    }

    private func load() -> [Entry] {
        guard let bytes = try? File.read(file, maxBytes: Self.maxFileBytes) else { return [] }
        guard let entries = Self.decode(bytes) else {
            Self.logger.warning("ignored the index of dates taken at \(file): damaged or cut short; it is made again")
            return []
        }
        return entries
    }

    static func pruned(_ entries: [Entry], today: Int) -> [Entry] {
        let kept = entries.filter { today - $0.seenDay <= forgottenAfterDays }
        guard kept.count > maxEntries else { return kept }
        // The most recently seen, in the order they were.
        let places = kept.indices.sorted { kept[$0].seenDay > kept[$1].seenDay }.prefix(maxEntries).sorted()
        return places.map { kept[$0] }
    }

    // MARK: - The file's format

    /// "GLDATES" and the format's version: 2 since it keeps files' kinds.
    static let magic: [UInt8] = Array("GLDATES2".utf8)
    /// The first version, whose entries are all photos with their records: still read, so an
    /// update forgets nothing.
    static let firstMagic: [UInt8] = Array("GLDATES1".utf8)

    /// The file: `magic`, the count of entries (32 bits), then each entry; numbers little-endian.
    /// An entry: the path's length (16 bits) and bytes, size (64), modification seconds (64, signed)
    /// and nanoseconds (32), the day last seen (32), the kind (8, `FileKind`), flags (8: 4 a record
    /// follows, a photo's only; 1 it has a date, 2 an offset), then the record: the date as
    /// wall-clock seconds (64, signed), the offset in minutes (16, signed), then the camera's and
    /// the lens's UTF-8 bytes, each after its length (8). Version 1 has no kind and every entry
    /// a record.
    static func encode(_ entries: [Entry]) -> [UInt8] {
        var writer = Writer()
        writer.bytes.reserveCapacity(magic.count + 4 + entries.count * 64)
        writer.bytes += magic
        writer.unsigned(UInt64(entries.count), bytes: 4)
        for entry in entries.sorted(by: { $0.key.path.bytes.lexicographicallyPrecedes($1.key.path.bytes) }) {
            let path = entry.key.path.bytes.prefix(Int(UInt16.max))
            writer.unsigned(UInt64(path.count), bytes: 2)
            writer.bytes += path
            writer.unsigned(UInt64(max(0, entry.key.size)), bytes: 8)
            writer.unsigned(UInt64(bitPattern: Int64(entry.key.modifiedSeconds)), bytes: 8)
            writer.unsigned(UInt64(entry.key.modifiedNanoseconds), bytes: 4)
            writer.unsigned(UInt64(max(0, entry.seenDay)), bytes: 4)
            writer.unsigned(UInt64(entry.kind.rawValue), bytes: 1)
            guard entry.kind == .photo, let record = entry.record else {
                writer.unsigned(0, bytes: 1)
                continue
            }
            writer.unsigned(4 | (record.date == nil ? 0 : 1) | (record.offsetMinutes == nil ? 0 : 2), bytes: 1)
            if let date = record.date { writer.unsigned(UInt64(bitPattern: Int64(date.secondsSince1970AsUTC)), bytes: 8) }
            if let offset = record.offsetMinutes { writer.unsigned(UInt64(UInt16(bitPattern: Int16(offset))), bytes: 2) }
            for text in [record.camera, record.lens] {
                let utf8 = Array((text ?? "").utf8.prefix(255))
                writer.unsigned(UInt64(utf8.count), bytes: 1)
                writer.bytes += utf8
            }
        }
        return writer.bytes
    }

    /// The entries `bytes` holds, or nil unless it is a whole index of either version in which
    /// every value makes sense (a path, a nanosecond below a second, a kind, a record for a photo
    /// only, a real date, a zone within ±14 hours, text without control characters), ending where
    /// its last entry ends.
    static func decode(_ bytes: [UInt8]) -> [Entry]? {
        var entries: [Entry] = []
        guard decode(bytes, reserving: { entries.reserveCapacity($0) }, each: { entries.append($0) }) else { return nil }
        return entries
    }

    /// The same, each entry handed to `each` as it is read (`reserving`: how many there are at
    /// most, first); false when the bytes are not such an index (what `each` was given is then
    /// to be dropped).
    static func decode(_ bytes: [UInt8], reserving: (Int) -> Void, each: (Entry) -> Void) -> Bool {
        let isFirstVersion = bytes.starts(with: firstMagic)
        guard isFirstVersion || bytes.starts(with: magic) else { return false }
        var reader = Reader(bytes: bytes[magic.count...])
        guard let count = reader.unsigned(bytes: 4), count <= maxEntries else { return false }
        // An entry takes 40 bytes at least: a count the bytes cannot hold reserves no more than they can.
        reserving(min(Int(count), bytes.count / 40))
        for _ in 0..<count {
            guard let pathLength = reader.unsigned(bytes: 2), pathLength > 0, let path = reader.take(Int(pathLength)),
                  !path.contains(0),
                  let size = reader.unsigned(bytes: 8), size <= UInt64(Int64.max),
                  let seconds = reader.unsigned(bytes: 8), let nanoseconds = reader.unsigned(bytes: 4), nanoseconds < 1_000_000_000,
                  let seenDay = reader.unsigned(bytes: 4),
                  let kind = isFirstVersion ? .photo : reader.unsigned(bytes: 1).flatMap({ FileKind(rawValue: UInt8($0)) }),
                  var flags = reader.unsigned(bytes: 1) else { return false }
            if isFirstVersion {
                guard flags & ~3 == 0 else { return false }
                flags |= 4
            }
            // Date and offset belong to a record, and only a photo has one.
            guard flags & ~7 == 0, flags & 4 != 0 || flags == 0, flags == 0 || kind == .photo else { return false }
            var record: TakenRecord?
            if flags & 4 != 0 {
                var read = TakenRecord()
                if flags & 1 != 0 {
                    guard let wall = reader.unsigned(bytes: 8),
                          let date = PhotoDate(secondsSince1970AsUTC: Int(Int64(bitPattern: wall))) else { return false }
                    read.date = date
                }
                if flags & 2 != 0 {
                    guard let raw = reader.unsigned(bytes: 2), abs(Int(Int16(bitPattern: UInt16(raw)))) <= 14 * 60 else { return false }
                    read.offsetMinutes = Int(Int16(bitPattern: UInt16(raw)))
                }
                guard let camera = reader.text(), let lens = reader.text() else { return false }
                (read.camera, read.lens) = (camera.isEmpty ? nil : camera, lens.isEmpty ? nil : lens)
                record = read
            }
            let key = Key(path: FilePath(bytes: Array(path)), size: Int(size), modifiedSeconds: Int(Int64(bitPattern: seconds)),
                          modifiedNanoseconds: Int(nanoseconds))
            each(Entry(key: key, kind: kind, record: record, seenDay: Int(seenDay)))
        }
        return reader.isAtEnd
    }

    private struct Writer {
        var bytes: [UInt8] = []

        mutating func unsigned(_ value: UInt64, bytes count: Int) {
            for place in 0..<count { bytes.append(UInt8(truncatingIfNeeded: value >> (8 * place))) }
        }
    }

    private struct Reader {
        var bytes: ArraySlice<UInt8>

        var isAtEnd: Bool { bytes.isEmpty }

        mutating func take(_ count: Int) -> ArraySlice<UInt8>? {
            guard bytes.count >= count else { return nil }
            defer { bytes = bytes.dropFirst(count) }
            return bytes.prefix(count)
        }

        mutating func unsigned(bytes count: Int) -> UInt64? {
            guard bytes.count >= count else { return nil }
            // Little-endian, read in place: a million numbers in a large index.
            var value: UInt64 = 0
            for place in (bytes.startIndex..<bytes.startIndex + count).reversed() { value = value << 8 | UInt64(bytes[place]) }
            bytes = bytes.dropFirst(count)
            return value
        }

        /// Text after its 8-bit length: UTF-8 without control characters, else nil.
        mutating func text() -> String? {
            guard let length = unsigned(bytes: 1), let utf8 = take(Int(length)) else { return nil }
            // The control characters, told by their bytes: C0 and DEL, and C1 (U+0080 to U+009F,
            // C2 80 to C2 9F in UTF-8), whose scalars' categories cost more to look up than the
            // 100,000 entries of a large index take to read.
            for (place, byte) in zip(utf8.indices, utf8) {
                if byte < 0x20 || byte == 0x7F { return nil }
                if byte == 0xC2, place + 1 < utf8.endIndex, (0x80...0x9F).contains(utf8[place + 1]) { return nil }
            }
            return String(validating: utf8, as: UTF8.self)
        }
    }
}
