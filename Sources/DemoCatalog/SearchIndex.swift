import OperatingSystem

/// The words of every photo's description and alt description, for `/search/photos`. Built on the
/// first search and kept: later searches look words up instead of scanning the catalog.
final class SearchIndex: Sendable {
    private let catalog: Catalog
    private let words = Locked<WordTable?>(nil)

    init(catalog: Catalog) {
        self.catalog = catalog
    }

    /// Catalog indexes, ascending (newest first), of the photos in whose texts every word of
    /// `query` starts a word, ignoring case: "sea" finds "sea" and "seas", "fore" finds "forest".
    /// A query without words matches nothing.
    func matches(_ query: String) -> [Int] {
        let queryWords = Set(Self.words(of: query))
        guard !queryWords.isEmpty else { return [] }
        let table = words.withLock { table in
            if let table { return table }
            let built = WordTable(catalog: catalog)
            table = built
            return built
        }
        var matching = [Bool](repeating: true, count: catalog.count)
        for word in queryWords {
            var hit = [Bool](repeating: false, count: catalog.count)
            for index in table.photos(withWordStarting: word) { hit[index] = true }
            for index in matching.indices where !hit[index] { matching[index] = false }
        }
        return matching.indices.filter { matching[$0] }
    }

    /// Lower-cased runs of letters and digits.
    static func words(of text: String) -> [String] {
        text.lowercased().split { !($0.isLetter || $0.isNumber) }.map(String.init)
    }
}

/// Every distinct word, sorted, each with the photos that use it.
private struct WordTable: Sendable {
    private let words: [String]
    private let photos: [[Int]]

    init(catalog: Catalog) {
        var byWord: [String: [Int]] = [:]
        for index in 0..<catalog.count {
            guard let photo = catalog.photo(at: index) else { continue }
            let text = (photo.description ?? "") + " " + photo.altDescription
            for word in Set(SearchIndex.words(of: text)) { byWord[word, default: []].append(index) }
        }
        let sorted = byWord.sorted { $0.key < $1.key }
        words = sorted.map(\.key)
        photos = sorted.map(\.value)
    }

    /// The photos of every word with this prefix (a photo may repeat).
    func photos(withWordStarting prefix: String) -> some Sequence<Int> {
        var low = 0, high = words.count
        while low < high {
            let middle = (low + high) / 2
            if words[middle] < prefix { low = middle + 1 } else { high = middle }
        }
        let end = words[low...].firstIndex { !$0.hasPrefix(prefix) } ?? words.count
        return photos[low..<end].joined()
    }
}
