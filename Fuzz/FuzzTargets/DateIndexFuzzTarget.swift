#if TESTABLE_IMPORTS
@testable import Gallery

/// The input is an index of dates taken as the cache folder holds it (`DateIndex`'s file): read
/// whole or refused, never a crash, and what is read writes back to the same entries.
enum DateIndexFuzzTarget {
    static func run(_ input: UnsafeRawBufferPointer) throws {
        guard let entries = DateIndex.decode(Array(input)) else { return }
        let again = DateIndex.decode(DateIndex.encode(entries))
        try check(again.map { Dictionary($0.map { ($0.key.path, $0) }, uniquingKeysWith: { _, later in later }) }
                  == Dictionary(entries.map { ($0.key.path, $0) }, uniquingKeysWith: { _, later in later }),
                  "date-index: \(entries.count) entries read back as \(again?.count ?? -1)")
    }
}
#endif
