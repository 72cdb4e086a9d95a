/// A name as people order names: runs of digits by their value (`img2` < `img10`), letters
/// ignoring case, and when two names still tie (`a.jpg` and `A.jpg`, `img01` and `img1`) by their
/// bytes, so the order is total and the same on every run. Made once per name, compared often.
struct NaturalOrder: Comparable, Sendable {
    /// The name lowercased, as scalars.
    private let scalars: [Unicode.Scalar]
    /// The name as given, for ties.
    private let name: String

    init(_ name: String) {
        // ASCII, the usual case, without making a lowercased copy of the whole string first.
        scalars = name.utf8.allSatisfy { $0 < 0x80 }
            ? name.unicodeScalars.map { ("A"..."Z").contains($0) ? Unicode.Scalar($0.value + 32)! : $0 }
            : Array(name.lowercased().unicodeScalars)
        self.name = name
    }

    static func areInIncreasingOrder(_ a: String, _ b: String) -> Bool {
        NaturalOrder(a) < NaturalOrder(b)
    }

    static func < (a: NaturalOrder, b: NaturalOrder) -> Bool {
        switch compare(a.scalars, b.scalars) {
        case .less: true
        case .greater: false
        case .equal: a.name.utf8.lexicographicallyPrecedes(b.name.utf8)
        }
    }

    static func == (a: NaturalOrder, b: NaturalOrder) -> Bool { a.name.utf8.elementsEqual(b.name.utf8) }

    private enum Comparison { case less, equal, greater }

    /// Natural comparison of lowercased scalars, ignoring leading zeros.
    private static func compare(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Comparison {
        var i = 0, j = 0
        while i < a.count && j < b.count {
            if isDigit(a[i]) && isDigit(b[j]) {
                let left = digitRun(a, from: &i), right = digitRun(b, from: &j)
                // Without leading zeros, a longer run is a larger number; equal lengths compare digit by digit.
                if left.count != right.count { return left.count < right.count ? .less : .greater }
                for (x, y) in zip(left, right) where x != y { return x < y ? .less : .greater }
                continue
            }
            if a[i] != b[j] { return a[i].value < b[j].value ? .less : .greater }
            i += 1
            j += 1
        }
        if i == a.count && j == b.count { return .equal }
        return i == a.count ? .less : .greater
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }

    /// The digits from `index` on, without leading zeros; `index` moves past them.
    private static func digitRun(_ scalars: [Unicode.Scalar], from index: inout Int) -> ArraySlice<Unicode.Scalar> {
        while index < scalars.count, scalars[index] == "0", index + 1 < scalars.count, isDigit(scalars[index + 1]) {
            index += 1
        }
        let start = index
        while index < scalars.count, isDigit(scalars[index]) { index += 1 }
        return scalars[start..<index]
    }
}
