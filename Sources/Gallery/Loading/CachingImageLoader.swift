import Imaging
public import Net

/// An `ImageLoading` that keeps every image it fetches in a `DiskCache`, keyed by URL, so a second
/// launch shows the first screen without the network. Hits never reach the wrapped loader.
///
/// Only complete-looking images are stored (a JPEG ending in its EOI marker, a PNG ending in its
/// IEND chunk): a truncated body fails once, it is not kept to fail forever.
public struct CachingImageLoader: ImageLoading {
    /// The default bound of the image cache.
    public static let defaultCapacityBytes = 256 << 20

    private let loader: any ImageLoading
    private let cache: DiskCache

    public init(loader: any ImageLoading, cache: DiskCache) {
        self.loader = loader
        self.cache = cache
    }

    /// A loader over `loader` with a cache of `capacityBytes` in `DiskCache.defaultDirectory()`.
    public init(loader: any ImageLoading, capacityBytes: Int = defaultCapacityBytes) {
        self.init(loader: loader, cache: DiskCache(directory: DiskCache.defaultDirectory(), capacityBytes: capacityBytes))
    }

    public func imageData(at location: ImageLocation) async throws -> [UInt8] {
        // Files are on disk already.
        guard case .web(let url) = location else { return try await loader.imageData(at: location) }
        if let cached = cache.data(for: url) { return cached }
        let bytes = try await loader.imageData(at: location)
        if Self.isComplete(bytes) { cache.store(bytes, for: url) }
        return bytes
    }

    /// Whether `bytes` is a JPEG or PNG that ends where its format says it ends.
    static func isComplete(_ bytes: [UInt8]) -> Bool {
        switch ImageFormat(sniffing: bytes) {
        case .jpeg: return bytes.suffix(2).elementsEqual([0xFF, 0xD9])
        // The IEND chunk: length 0, "IEND", then its CRC.
        case .png: return bytes.count >= 12 && bytes[(bytes.count - 8)..<(bytes.count - 4)].elementsEqual("IEND".utf8)
        // The photo services send JPEG; other formats are not checked, so not cached.
        case .webp, .gif, .tiff, .heif, .bmp, .cameraRaw, .jpegXL, nil: return false
        }
    }
}
