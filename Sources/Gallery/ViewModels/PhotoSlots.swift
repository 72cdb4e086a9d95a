/// The grid's items: `count` slots in feed order, a photo in those whose page has arrived. Kept
/// sparse, so a feed of 100,000 photos costs memory for the photos received, not for every slot
/// (a `Photo` is several hundred bytes, an empty slot of `[Photo?]` as many).
public struct PhotoSlots: RandomAccessCollection, Sendable, Equatable {
    public private(set) var count = 0
    private var photos: [Int: LibraryItem] = [:]

    public init() {}

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    /// The photo in slot `index`, nil for a slot whose page has not arrived. Setting a slot
    /// outside the list does nothing.
    public subscript(index: Int) -> LibraryItem? {
        get { photos[index] }
        set {
            guard (0..<count).contains(index) else { return }
            photos[index] = newValue
        }
    }

    /// The photos received, in feed order.
    public var received: [LibraryItem] {
        photos.sorted { $0.key < $1.key }.map(\.value)
    }

    /// The received photos with their slots, in feed order.
    var receivedWithIndices: [(index: Int, photo: LibraryItem)] {
        photos.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// `count` slots: new ones empty, photos past the end dropped.
    mutating func resize(to newCount: Int) {
        if newCount < count { photos = photos.filter { $0.key < newCount } }
        count = Swift.max(0, newCount)
    }

    mutating func append(contentsOf newPhotos: [LibraryItem]) {
        for photo in newPhotos {
            photos[count] = photo
            count += 1
        }
    }

    /// Puts `photo` in a new slot at `index`, moving the slots from there on by one.
    mutating func insert(_ photo: LibraryItem, at index: Int) {
        let index = Swift.min(Swift.max(0, index), count)
        photos = Dictionary(uniqueKeysWithValues: photos.map { ($0.key >= index ? $0.key + 1 : $0.key, $0.value) })
        photos[index] = photo
        count += 1
    }

    /// Removes the slots holding photos that `shouldRemove`, moving the later slots up.
    mutating func removeAll(where shouldRemove: (LibraryItem) -> Bool) {
        var kept: [Int: LibraryItem] = [:]
        var removed = 0
        // In slot order, each kept photo moves up by the number removed before it.
        for (index, photo) in photos.sorted(by: { $0.key < $1.key }) {
            if shouldRemove(photo) { removed += 1 } else { kept[index - removed] = photo }
        }
        photos = kept
        count -= removed
    }

    /// Whether slots `range` all hold a photo.
    func isFull(_ range: Range<Int>) -> Bool {
        range.allSatisfy { photos[$0] != nil }
    }
}
