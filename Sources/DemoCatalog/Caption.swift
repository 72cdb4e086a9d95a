import Foundation
/// What a picture shows, in words: Unsplash's `description` (a title-like phrase) and
/// `alt_description` (a literal description for accessibility).
struct Caption: Sendable, Equatable {
    let description: String
    let altDescription: String
}

extension SplitMix64 {
    /// Fills a template's `{slot}`s with a random phrase from each slot's list.
    mutating func fill(_ template: String, _ slots: [String: [String]]) -> String {
        var text = template
        for (slot, phrases) in slots.sorted(by: { $0.key < $1.key }) {
            let marker = "{\(slot)}"
            while let range = text.range(of: marker) {
                text.replaceSubrange(range, with: pick(phrases))
            }
        }
        return text
    }
}

/// "a" or "an" before `word`, by its first letter (good enough for our word lists).
func withArticle(_ word: String) -> String {
    guard let first = word.lowercased().first else { return word }
    return ("aeiou".contains(first) ? "an " : "a ") + word
}
