/// Names compared as people read them: runs of digits by their value (`img2` < `img10`), letters
/// ignoring case, and when two names still tie (`a.jpg`, `A.jpg`, `img01`, `img1`) by their
/// bytes, so the order is total and the same on every run.
enum NaturalOrder {
    static func areInIncreasingOrder(_ a: String, _ b: String) -> Bool {
        switch compare(a, b) {
        case .less: return true
        case .greater: return false
        case .equal: return Array(a.utf8).lexicographicallyPrecedes(Array(b.utf8))
        }
    }

    enum Comparison { case less, equal, greater }

    /// Natural comparison, ignoring case and leading zeros.
    static func compare(_ a: String, _ b: String) -> Comparison {
        var left = a.lowercased().unicodeScalars[...]
        var right = b.lowercased().unicodeScalars[...]
        while let l = left.first, let r = right.first {
            if isDigit(l) && isDigit(r) {
                let leftDigits = digitRun(&left), rightDigits = digitRun(&right)
                // Without leading zeros, a longer run is a larger number; equal lengths compare digit by digit.
                if leftDigits.count != rightDigits.count { return leftDigits.count < rightDigits.count ? .less : .greater }
                for (x, y) in zip(leftDigits, rightDigits) where x != y { return x < y ? .less : .greater }
                continue
            }
            if l != r { return l.value < r.value ? .less : .greater }
            left.removeFirst()
            right.removeFirst()
        }
        if left.isEmpty && right.isEmpty { return .equal }
        return left.isEmpty ? .less : .greater
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }

    /// Takes the digits at the start of `scalars`, without leading zeros.
    private static func digitRun(_ scalars: inout Substring.UnicodeScalarView) -> [UInt32] {
        var digits: [UInt32] = []
        while let scalar = scalars.first, isDigit(scalar) {
            scalars.removeFirst()
            if digits.isEmpty && scalar == "0" { continue }
            digits.append(scalar.value)
        }
        return digits
    }
}
