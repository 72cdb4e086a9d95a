import Imaging
import TerminalVocabulary
import Testing
@testable import Gallery

@Suite("ThumbnailCache")
struct ThumbnailCacheTests {
    /// A thumbnail whose `byteCount` is exactly `bytes` (one line, no escapes: counted twice).
    func thumbnail(bytes: Int, columns: Int = 4) -> RenderedPicture {
        let line = String(repeating: "x", count: bytes / 2)
        return RenderedPicture(columns: columns, rows: 1, lines: [line], plainLines: [line])
    }

    func key(_ id: String, columns: Int = 4, mode: RenderMode = .halfblock) -> ThumbnailKey {
        ThumbnailKey(photoID: id, cells: CellSize(columns: columns, rows: 2), renderMode: mode, fit: .crop)
    }

    @Test func evictsLeastRecentlyUsedToStayWithinBytes() {
        let cache = ThumbnailCache(capacityBytes: 300)
        cache.insert(thumbnail(bytes: 100), for: key("a"))
        cache.insert(thumbnail(bytes: 100), for: key("b"))
        cache.insert(thumbnail(bytes: 100), for: key("c"))
        #expect(cache.totalBytes == 300)
        #expect(cache.thumbnail(for: key("a")) != nil)   // a is now the most recent

        cache.insert(thumbnail(bytes: 100), for: key("d"))
        #expect(cache.keysByRecency.map(\.photoID) == ["c", "a", "d"])
        #expect(cache.thumbnail(for: key("b")) == nil)
        #expect(cache.totalBytes == 300)

        cache.insert(thumbnail(bytes: 200), for: key("e"))
        #expect(cache.keysByRecency.map(\.photoID) == ["d", "e"])
        #expect(cache.totalBytes == 300)
    }

    @Test func keysDistinguishSizeAndMode() {
        let cache = ThumbnailCache(capacityBytes: 1000)
        cache.insert(thumbnail(bytes: 10, columns: 4), for: key("a", columns: 4))
        #expect(cache.thumbnail(for: key("a", columns: 8)) == nil)
        #expect(cache.thumbnail(for: key("a", mode: .ascii)) == nil)
        #expect(cache.thumbnail(for: key("a"))?.columns == 4)
    }

    @Test func replacingAnEntryRechargesItsBytes() {
        let cache = ThumbnailCache(capacityBytes: 1000)
        cache.insert(thumbnail(bytes: 100), for: key("a"))
        cache.insert(thumbnail(bytes: 40), for: key("a"))
        #expect(cache.totalBytes == 40)
        #expect(cache.count == 1)
    }

    @Test func entryLargerThanCapacityIsNotStored() {
        let cache = ThumbnailCache(capacityBytes: 100)
        cache.insert(thumbnail(bytes: 60), for: key("a"))
        cache.insert(thumbnail(bytes: 200), for: key("big"))
        #expect(cache.thumbnail(for: key("big")) == nil)
        #expect(cache.thumbnail(for: key("a")) != nil)
        #expect(cache.totalBytes == 60)
    }

    @Test func removeAllEmptiesIt() {
        let cache = ThumbnailCache(capacityBytes: 100)
        cache.insert(thumbnail(bytes: 60), for: key("a"))
        cache.removeAll()
        #expect(cache.count == 0)
        #expect(cache.totalBytes == 0)
        #expect(cache.keysByRecency.isEmpty)
    }

    @Test func byteCountCountsBothRenderings() {
        let thumbnail = RenderedPicture(columns: 2, rows: 1, lines: ["\u{1B}[0mé"], plainLines: ["é"])
        #expect(thumbnail.byteCount == 6 + 2)
    }
}

@Suite("RecencyList")
struct RecencyListTests {
    @Test func touchMovesToNewestAndRemoveUnlinks() {
        var list = RecencyList<Int>()
        for key in 1...4 { list.touch(key) }
        list.touch(2)
        #expect(list.keysOldestFirst == [1, 3, 4, 2])
        list.remove(1)
        list.remove(2)
        #expect(list.keysOldestFirst == [3, 4])
        #expect(list.oldest == 3)
        list.remove(4)
        list.remove(3)
        #expect(list.keysOldestFirst.isEmpty)
        #expect(list.oldest == nil)
        list.touch(9)
        #expect(list.keysOldestFirst == [9])
        #expect(list.count == 1)
    }
}
