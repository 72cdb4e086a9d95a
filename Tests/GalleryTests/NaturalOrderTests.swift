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

    /// The keys order names as comparing them character by character does (the way this order
    /// was first written, kept here as the reference): runs of digits by value, then letters
    /// lowercased by their scalars, then the bytes. Over random names of digits, zeros, letters in
    /// both cases, punctuation and letters beyond ASCII.
    @Test func theKeysOrderAsTheCharacterByCharacterComparisonDoes() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("0000123456789aAbBzZ._- /éÉßǅ日")
        let names = (0..<600).map { _ in
            String((0..<Int.random(in: 0...9, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
        }
        let ordered = NaturalOrder.order(names).map { names[$0] }
        let reference = names.sorted(by: Self.referenceOrder)
        #expect(ordered == reference)
        for (a, b) in zip(names, names.reversed()) {
            #expect(NaturalOrder.areInIncreasingOrder(a, b) == Self.referenceOrder(a, b), "\(a) < \(b)")
        }
    }

    /// Names alike (the same bytes) keep the order given.
    @Test func namesAlikeKeepTheirOrder() {
        #expect(NaturalOrder.order(["b", "a", "b", "a"]) == [1, 3, 0, 2])
    }

    private static func referenceOrder(_ a: String, _ b: String) -> Bool {
        func scalars(_ name: String) -> [Unicode.Scalar] { Array(name.lowercased().unicodeScalars) }
        func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }
        func digitRun(_ scalars: [Unicode.Scalar], from index: inout Int) -> ArraySlice<Unicode.Scalar> {
            while index < scalars.count, scalars[index] == "0", index + 1 < scalars.count, isDigit(scalars[index + 1]) { index += 1 }
            let start = index
            while index < scalars.count, isDigit(scalars[index]) { index += 1 }
            return scalars[start..<index]
        }
        let x = scalars(a), y = scalars(b)
        var i = 0, j = 0
        while i < x.count && j < y.count {
            if isDigit(x[i]) && isDigit(y[j]) {
                let left = digitRun(x, from: &i), right = digitRun(y, from: &j)
                if left.count != right.count { return left.count < right.count }
                if let (l, r) = zip(left, right).first(where: { $0 != $1 }) { return l.value < r.value }
                continue
            }
            if x[i] != y[j] { return x[i].value < y[j].value }
            i += 1
            j += 1
        }
        if i == x.count && j == y.count { return a.utf8.lexicographicallyPrecedes(b.utf8) }
        return i == x.count
    }
}
