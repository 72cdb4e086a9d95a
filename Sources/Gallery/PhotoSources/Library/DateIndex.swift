import Imaging
import Logging
public import OperatingSystem

/// What photo files recorded of their taking (`TakenRecord`), kept between launches in one small
/// file under the user's cache folder, so that a large library ordered by date taken is not read
/// file by file at every start. A file is known by its path's bytes, its size and its modification
/// time to the nanosecond: one changed since is read again.
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
    }

    /// One file's record, the file as it was when read, and the day it was last looked up.
    struct Entry: Equatable, Sendable {
        var key: Key
        var record: TakenRecord
        /// Days since 1970 (UTC) when it was last looked up or read.
        var seenDay: Int
    }

    /// Where the index is kept.
    public let file: FilePath
    private let today: Int
    private let state = Locked<State?>(nil)

    private struct State {
        var entries: [FilePath: Entry]
        /// Whether it holds something the file does not: it is written at the next save.
        var changed = false
    }

    static let maxEntries = 500_000
    static let forgottenAfterDays = 180
    /// What a file larger than this holds is not read: `maxEntries` of long paths stay below it.
    static let maxFileBytes = 256 << 20

    /// The index kept at `file`; `now` (seconds since 1970) dates what is looked up.
    public init(file: FilePath, now: Int = LocalTime.nowSecondsSince1970) {
        self.file = file
        today = now / 86_400
    }

    /// The index in the user's cache folder: `$XDG_CACHE_HOME/gallery/dates.index`.
    public static func inCache(environment: [String: String]) -> DateIndex {
        DateIndex(file: XDGDirectories(environment: environment).cacheHome.appending("gallery/dates.index"))
    }

    private static let logger = Logger(label: "gallery.library")

    /// The record of the file as `key` says it is now, when the index holds it.
    func record(for key: Key) -> TakenRecord? {
        withState { state in
            guard var entry = state.entries[key.path], entry.key == key else { return nil }
            if entry.seenDay != today {
                entry.seenDay = today
                state.entries[key.path] = entry
                state.changed = true
            }
            return entry.record
        }
    }

    /// Keeps what the file as `key` says recorded.
    func remember(_ record: TakenRecord, for key: Key) {
        withState { state in
            state.entries[key.path] = Entry(key: key, record: record, seenDay: today)
            state.changed = true
        }
    }

    /// How many files it holds (read from its file first when need be).
    var count: Int { withState { $0.entries.count } }

    /// Writes the index when it learnt something since it was read, without the entries long
    /// unseen, at most `maxEntries`; a failure is logged, and the index stays as it is in memory.
    public func save() {
        let bytes: [UInt8]? = withState { state in
            guard state.changed else { return nil }
            state.entries = Self.pruned(state.entries, today: today)
            state.changed = false
            return Self.encode(Array(state.entries.values))
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
            if state == nil { state = State(entries: load()) }
            return body(&state!)
        }
    }

    private func load() -> [FilePath: Entry] {
        guard let bytes = try? File.read(file, maxBytes: Self.maxFileBytes) else { return [:] }
        guard let entries = Self.decode(bytes) else {
            Self.logger.warning("ignored the index of dates taken at \(file): damaged or cut short; it is made again")
            return [:]
        }
        return Dictionary(entries.map { ($0.key.path, $0) }, uniquingKeysWith: { _, later in later })
    }

    static func pruned(_ entries: [FilePath: Entry], today: Int) -> [FilePath: Entry] {
        var kept = entries.filter { today - $0.value.seenDay <= forgottenAfterDays }
        if kept.count > maxEntries {
            let dropped = kept.values.sorted { $0.seenDay < $1.seenDay }.prefix(kept.count - maxEntries)
            for entry in dropped { kept[entry.key.path] = nil }
        }
        return kept
    }

    // MARK: - The file's format

    /// "GLDATES" and the format's version.
    static let magic: [UInt8] = Array("GLDATES1".utf8)

    /// The file: `magic`, the count of entries (32 bits), then each entry; numbers little-endian.
    /// An entry: the path's length (16 bits) and bytes, size (64), modification seconds (64, signed)
    /// and nanoseconds (32), the day last seen (32), flags (8: 1 a date follows, 2 an offset
    /// follows), the date as wall-clock seconds (64, signed), the offset in minutes (16, signed),
    /// then the camera's and the lens's UTF-8 bytes, each after its length (8).
    static func encode(_ entries: [Entry]) -> [UInt8] {
        var out = magic
        var writer = Writer()
        writer.unsigned(UInt64(entries.count), bytes: 4)
        for entry in entries.sorted(by: { $0.key.path.bytes.lexicographicallyPrecedes($1.key.path.bytes) }) {
            let path = entry.key.path.bytes.prefix(Int(UInt16.max))
            writer.unsigned(UInt64(path.count), bytes: 2)
            writer.bytes += path
            writer.unsigned(UInt64(max(0, entry.key.size)), bytes: 8)
            writer.unsigned(UInt64(bitPattern: Int64(entry.key.modifiedSeconds)), bytes: 8)
            writer.unsigned(UInt64(entry.key.modifiedNanoseconds), bytes: 4)
            writer.unsigned(UInt64(max(0, entry.seenDay)), bytes: 4)
            let record = entry.record
            writer.unsigned((record.date == nil ? 0 : 1) | (record.offsetMinutes == nil ? 0 : 2), bytes: 1)
            if let date = record.date { writer.unsigned(UInt64(bitPattern: Int64(date.secondsSince1970AsUTC)), bytes: 8) }
            if let offset = record.offsetMinutes { writer.unsigned(UInt64(UInt16(bitPattern: Int16(offset))), bytes: 2) }
            for text in [record.camera, record.lens] {
                let utf8 = Array((text ?? "").utf8.prefix(255))
                writer.unsigned(UInt64(utf8.count), bytes: 1)
                writer.bytes += utf8
            }
        }
        out += writer.bytes
        return out
    }

    /// The entries `bytes` holds, or nil unless it is a whole index of this version in which every
    /// value makes sense (a path, a nanosecond below a second, a real date, a zone within ±14
    /// hours, text without control characters), ending where its last entry ends.
    static func decode(_ bytes: [UInt8]) -> [Entry]? {
        guard bytes.starts(with: magic) else { return nil }
        var reader = Reader(bytes: bytes[magic.count...])
        guard let count = reader.unsigned(bytes: 4), count <= maxEntries else { return nil }
        var entries: [Entry] = []
        entries.reserveCapacity(min(Int(count), bytes.count / 40))
        for _ in 0..<count {
            guard let pathLength = reader.unsigned(bytes: 2), pathLength > 0, let path = reader.take(Int(pathLength)),
                  !path.contains(0),
                  let size = reader.unsigned(bytes: 8), size <= UInt64(Int64.max),
                  let seconds = reader.unsigned(bytes: 8), let nanoseconds = reader.unsigned(bytes: 4), nanoseconds < 1_000_000_000,
                  let seenDay = reader.unsigned(bytes: 4),
                  let flags = reader.unsigned(bytes: 1), flags & ~3 == 0 else { return nil }
            var record = TakenRecord()
            if flags & 1 != 0 {
                guard let wall = reader.unsigned(bytes: 8),
                      let date = PhotoDate(secondsSince1970AsUTC: Int(Int64(bitPattern: wall))) else { return nil }
                record.date = date
            }
            if flags & 2 != 0 {
                guard let raw = reader.unsigned(bytes: 2), abs(Int(Int16(bitPattern: UInt16(raw)))) <= 14 * 60 else { return nil }
                record.offsetMinutes = Int(Int16(bitPattern: UInt16(raw)))
            }
            guard let camera = reader.text(), let lens = reader.text() else { return nil }
            (record.camera, record.lens) = (camera.isEmpty ? nil : camera, lens.isEmpty ? nil : lens)
            let key = Key(path: FilePath(bytes: Array(path)), size: Int(size), modifiedSeconds: Int(Int64(bitPattern: seconds)),
                          modifiedNanoseconds: Int(nanoseconds))
            entries.append(Entry(key: key, record: record, seenDay: Int(seenDay)))
        }
        return reader.isAtEnd ? entries : nil
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
            guard let taken = take(count) else { return nil }
            return taken.reversed().reduce(0) { $0 << 8 | UInt64($1) }
        }

        /// Text after its 8-bit length: UTF-8 without control characters, else nil.
        mutating func text() -> String? {
            guard let length = unsigned(bytes: 1), let utf8 = take(Int(length)) else { return nil }
            guard let text = String(validating: utf8, as: UTF8.self),
                  !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { return nil }
            return text
        }
    }
}
