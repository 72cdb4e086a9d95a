@testable import DemoCatalog
import Imaging
import Testing

@Suite struct CatalogTests {
    let catalog = Catalog(seed: 42, count: 10_000)

    @Test func idsAreBase62AndDecodeBackToTheirIndex() {
        var seen = Set<String>()
        for index in [0, 1, 2, 99, 4_321, 9_999] + Array(100..<400) {
            let id = PhotoID.make(index: index, seed: 42)
            #expect(id.count == 11 && id.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) })
            #expect(PhotoID.index(of: id, seed: 42) == index)
            seen.insert(id)
        }
        #expect(seen.count == 306)
        #expect(PhotoID.make(index: 5, seed: 42) != PhotoID.make(index: 5, seed: 43))
        for bad in ["", "short", "zzzzzzzzzzzz", "zzzzzzzzzzz", "abc-def_ghi"] {
            #expect(catalog.photo(id: bad) == nil, "\(bad)")
        }
    }

    @Test func photosArePureFunctionsOfSeedAndIndex() throws {
        for index in [0, 17, 9_999] {
            let a = try #require(catalog.photo(at: index)), b = try #require(catalog.photo(id: a.id))
            #expect(a.id == b.id && a.description == b.description && a.altDescription == b.altDescription)
            #expect(a.width == b.width && a.height == b.height && a.author == b.author && a.createdAt == b.createdAt)
            #expect(a.artwork.render(width: 40, height: 30, aspect: a.aspect)
                    == b.artwork.render(width: 40, height: 30, aspect: b.aspect))
        }
        #expect(catalog.photo(at: 10_000) == nil && catalog.photo(at: -1) == nil)
        #expect(try #require(catalog.photo(at: 0)).createdAt > #require(catalog.photo(at: 1)).createdAt)
    }

    @Test func sizesAreVariedAndRealistic() {
        let photos = (0..<200).compactMap(catalog.photo(at:))
        #expect(photos.allSatisfy { max($0.width, $0.height) >= 3000 && max($0.width, $0.height) <= 6000 })
        #expect(photos.contains { $0.width > $0.height })
        #expect(photos.contains { $0.width < $0.height })
        #expect(photos.contains { $0.width == $0.height })
        #expect(Set(photos.map(\.author.username)).count > 50)
    }

    @Test func wordsMatchThePicture() {
        var kinds = Set<String>()
        for photo in (0..<300).compactMap(catalog.photo(at:)) {
            let words = (photo.description ?? "") + " " + photo.altDescription
            switch photo.artwork {
            case .landscape(let artwork):
                kinds.insert("landscape")
                let expected: [String]
                switch artwork.terrain {
                case .sea: expected = ["sea", "ocean", "coast"]
                case .forest: expected = ["forest", "wood"]
                case .hills: expected = ["hill", "valley"]
                case .mountains: expected = ["mountain", "peak"]
                }
                #expect(expected.contains { words.contains($0) }, "\(words)")
            case .city:
                kinds.insert("city")
                #expect(words.contains("city"), "\(words)")
            case .fractal(let artwork):
                kinds.insert("fractal")
                #expect(words.contains("fractal") && words.contains(artwork.ramp.name), "\(words)")
            case .plasma(let artwork):
                kinds.insert("plasma")
                #expect(words.contains(artwork.ramp.name), "\(words)")
            }
        }
        #expect(kinds == ["landscape", "city", "fractal", "plasma"])
    }

    /// Pictures are drawn in the photo's normalized coordinates, so a crop shows exactly the
    /// same pixels as that part of the whole picture at the same scale.
    @Test func cropsShowTheSamePictureAsTheWhole() throws {
        let photo = try #require((0..<100).compactMap(catalog.photo(at:)).first {
            if case .landscape = $0.artwork { true } else { false }
        })
        let whole = photo.artwork.render(width: 120, height: 80, aspect: photo.aspect)
        let left = photo.artwork.render(width: 60, height: 80, window: CropWindow(x0: 0, y0: 0, x1: 0.5, y1: 1),
                                      aspect: photo.aspect)
        for y in stride(from: 0, to: 80, by: 7) {
            for x in stride(from: 0, to: 60, by: 5) {
                #expect(left[x, y] == whole[x, y], "\(x),\(y)")
            }
        }
    }

    @Test func everyKindOfPictureIsColourfulNotFlat() {
        for photo in (0..<60).compactMap(catalog.photo(at:)) {
            let image = photo.artwork.render(width: 64, height: 48, aspect: photo.aspect)
            #expect(brightnessVariance(image) > 40, "\(photo.id): \(photo.altDescription)")
        }
    }

    @Test func dominantColorIsTheMeanOfThePicture() throws {
        let photo = try #require(catalog.photo(at: 3))
        let image = photo.artwork.render(width: 16, height: 16, aspect: photo.aspect)
        let meanRed = image.pixels.enumerated().filter { $0.offset % 3 == 0 }.map { Double($0.element) }.reduce(0, +) / 256
        let hex = photo.artwork.dominantColor(aspect: photo.aspect).hexString
        #expect(hex.count == 7 && hex.hasPrefix("#"))
        #expect(abs(Double(Int(hex.dropFirst().prefix(2), radix: 16) ?? -100) - meanRed) <= 1)
    }
}
