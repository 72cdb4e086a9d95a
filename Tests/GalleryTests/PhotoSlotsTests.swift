import Testing
@testable import Gallery

@Suite("Photo slots")
struct PhotoSlotsTests {
    private func ids(_ slots: PhotoSlots) -> [String?] { slots.map { $0?.id } }

    @Test func holesResizeInsertAndRemoveKeepTheOrder() {
        var slots = PhotoSlots()
        slots.append(contentsOf: [.sample("a"), .sample("b")])
        slots.resize(to: 6)
        slots[4] = .sample("e")
        #expect(ids(slots) == ["a", "b", nil, nil, "e", nil])
        slots.insert(.sample("x"), at: 1)
        #expect(ids(slots) == ["a", "x", "b", nil, nil, "e", nil])
        slots.removeAll { ["a", "b"].contains($0.id) }
        #expect(ids(slots) == ["x", nil, nil, "e", nil])
        #expect(slots.received.map(\.id) == ["x", "e"])
        #expect(slots.isFull(0..<1) && !slots.isFull(0..<2))
        slots.resize(to: 2)
        #expect(ids(slots) == ["x", nil])
        slots[5] = .sample("outside")
        #expect(slots.count == 2 && slots.received.map(\.id) == ["x"])
    }
}
