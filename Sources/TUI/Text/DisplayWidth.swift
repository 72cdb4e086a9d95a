import CNcurses

/// The number of terminal columns `s` takes: wide characters (CJK, emoji) count 2, combining marks
/// and unprintable characters 0. Matches what the terminal layer draws.
public func displayWidth(_ s: String) -> Int {
    if s.utf8.allSatisfy({ $0 < 0x80 }) {
        return s.utf8.reduce(0) { $0 + (($1 >= 0x20 && $1 != 0x7F) ? 1 : 0) }
    }
    return withUTF8CharacterType { s.reduce(0) { $0 + cellWidth($1) } }
}

/// The columns one character takes (0, 1 or 2).
public func displayWidth(_ c: Character) -> Int {
    withUTF8CharacterType { cellWidth(c) }
}

/// `s` cut to at most `width` columns, ending in "…" when something was cut off.
public func truncate(_ s: String, toWidth width: Int) -> String {
    guard width > 0 else { return "" }
    if displayWidth(s) <= width { return s }
    let budget = width - 1
    var used = 0
    var kept = ""
    withUTF8CharacterType {
        for character in s {
            let w = cellWidth(character)
            if used + w > budget { break }
            used += w
            kept.append(character)
        }
    }
    return kept + "…"
}

/// `s` cut to at most `width` columns, its last `keeping` characters kept whole where they fit:
/// what comes before them is shortened in its middle ("Holi…ends/IMG_1234.jpg"), so the end
/// that tells one from another (a file name after its folders) stays.
public func truncate(_ s: String, toWidth width: Int, keepingLast keeping: Int) -> String {
    guard keeping > 0 else { return truncate(s, toWidth: width) }
    if displayWidth(s) <= width { return s }
    let end = String(s.suffix(keeping))
    let room = width - displayWidth(end)
    // Room for at least one character and the "…" before the end, else the end alone, cut.
    guard room >= 2, keeping < s.count else { return truncate(end, toWidth: width) }
    let start = Array(s.dropLast(keeping))
    var head: [Character] = [], tail: [Character] = []
    var used = 1
    withUTF8CharacterType {
        // From both ends in turn: the folder's first words and its last ones.
        while head.count + tail.count < start.count {
            let fromFront = head.count <= tail.count
            let character = fromFront ? start[head.count] : start[start.count - 1 - tail.count]
            let w = cellWidth(character)
            if used + w > room { break }
            used += w
            if fromFront { head.append(character) } else { tail.insert(character, at: 0) }
        }
    }
    return String(head) + "…" + String(tail) + end
}

/// The width of `c` under a UTF-8 character type. Only the base scalar counts: what follows it in
/// the same grapheme (combining marks, variation selectors, modifiers) shares its cells.
func cellWidth(_ c: Character) -> Int {
    guard let base = c.unicodeScalars.first else { return 0 }
    let value = base.value
    if value < 0x80 { return (value >= 0x20 && value != 0x7F) ? 1 : 0 }
    return max(0, Int(cn_wcwidth(value)))
}

/// wcwidth answers for the thread's LC_CTYPE, and a process that never called setlocale is in the
/// "C" locale, where every non-ASCII character is unprintable. Measuring under C.UTF-8 (built into
/// glibc) gives the same answers as the UTF-8 locale the terminal runs in, without touching global state.
func withUTF8CharacterType<T>(_ body: () -> T) -> T {
    guard let locale = utf8CharacterType else { return body() }
    let previous = uselocale(locale)
    defer { uselocale(previous) }
    return body()
}

private nonisolated(unsafe) let utf8CharacterType: locale_t? = newlocale(LC_CTYPE_MASK, "C.UTF-8", nil)
