import Testing
@testable import Gallery

@Suite("Natural order")
struct NaturalOrderTests {
    private func sorted(_ names: [String]) -> [String] {
        names.sorted(by: NaturalOrder.areInIncreasingOrder)
    }

    @Test func numbersByValueNotByCharacters() {
        #expect(sorted(["img10.jpg", "img1.jpg", "img100.jpg", "img2.jpg"]) == ["img1.jpg", "img2.jpg", "img10.jpg", "img100.jpg"])
        #expect(sorted(["a20b3", "a3b20", "a3b3"]) == ["a3b3", "a3b20", "a20b3"])
        #expect(sorted(["x99999999999999999999999", "x100000000000000000000000"])
                == ["x99999999999999999999999", "x100000000000000000000000"])
    }

    @Test func caseIsIgnoredAndTiesAreBrokenTheSameWayEveryTime() {
        #expect(sorted(["b.jpg", "A.jpg", "a.jpg", "C.jpg"]) == ["A.jpg", "a.jpg", "b.jpg", "C.jpg"])
        #expect(sorted(["a.jpg", "A.jpg", "b.jpg"]) == ["A.jpg", "a.jpg", "b.jpg"])
        // Leading zeros do not change the value; the bytes order the tie.
        #expect(sorted(["img1", "img01", "img001", "img0"]) == ["img0", "img001", "img01", "img1"])
    }

    @Test func shorterPrefixFirstAndDigitsBeforeLetters() {
        #expect(sorted(["photo10", "photo", "photo 2", "photo1"]) == ["photo", "photo 2", "photo1", "photo10"])
        #expect(sorted(["ä2", "a10", "a2"]) == ["a2", "a10", "ä2"])
    }
}
