/// The bytes of one cache file: a header that names the key and checks the body, then the body.
///
/// Layout (integers little-endian): magic `GLC1`, key length (UInt32), body length (UInt64),
/// FNV-1a-64 of the body (UInt64), the key's UTF-8, the body. A file cut short or altered fails
/// the length or checksum test and is never served.
enum CacheEntryCoding {
    enum Decoded: Equatable {
        case hit([UInt8])
        /// A valid entry for a different key whose name hashes the same.
        case otherKey
        case corrupt
    }

    private static let magic: [UInt8] = Array("GLC1".utf8)
    private static let headerSize = 24

    static func encode(_ body: [UInt8], key: String) -> [UInt8] {
        let keyBytes = Array(key.utf8)
        var file = magic
        file.reserveCapacity(headerSize + keyBytes.count + body.count)
        append(UInt64(keyBytes.count), bytes: 4, to: &file)
        append(UInt64(body.count), bytes: 8, to: &file)
        append(StableHash.fnv1a64(body), bytes: 8, to: &file)
        file += keyBytes
        file += body
        return file
    }

    static func decode(_ file: [UInt8], key: String) -> Decoded {
        guard file.count >= headerSize, Array(file[0..<4]) == magic else { return .corrupt }
        let keyCount = read(file, at: 4, bytes: 4)
        let bodyCount = read(file, at: 8, bytes: 8)
        guard keyCount <= UInt64(file.count), bodyCount <= UInt64(file.count),
              UInt64(headerSize) + keyCount + bodyCount == UInt64(file.count) else { return .corrupt }
        let bodyStart = headerSize + Int(keyCount)
        let body = Array(file[bodyStart...])
        guard StableHash.fnv1a64(body) == read(file, at: 16, bytes: 8) else { return .corrupt }
        return file[headerSize..<bodyStart].elementsEqual(key.utf8) ? .hit(body) : .otherKey
    }

    private static func append(_ value: UInt64, bytes: Int, to file: inout [UInt8]) {
        for index in 0..<bytes {
            file.append(UInt8(truncatingIfNeeded: value >> (8 * UInt64(index))))
        }
    }

    private static func read(_ file: [UInt8], at offset: Int, bytes: Int) -> UInt64 {
        (0..<bytes).reduce(0) { $0 | UInt64(file[offset + $1]) << (8 * UInt64($1)) }
    }
}
