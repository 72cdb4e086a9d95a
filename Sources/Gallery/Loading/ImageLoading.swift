public import Net

/// Fetches encoded image bytes. Cancelling the calling task aborts the transfer.
public protocol ImageLoading: Sendable {
    /// The bytes at `location`; a loader refuses the kind of location it does not read (the
    /// network's a file, the files' a URL).
    func imageData(at location: ImageLocation) async throws -> [UInt8]
    /// The desktop's thumbnails of the local files this loader reads, when it uses them
    /// (`ThumbnailPipeline` looks there before loading); nil by default.
    var desktopThumbnails: DesktopThumbnails? { get }
}

extension ImageLoading {
    public var desktopThumbnails: DesktopThumbnails? { nil }
}

/// `ImageLoading` over HTTP: rejects bodies that are declared as something other than an image,
/// and caps the size so a wrong URL cannot fill memory.
public struct HTTPImageLoader: ImageLoading {
    /// Default cap on one image's encoded size.
    public static let defaultMaxBytes = 32 << 20

    private let client: any HTTPGetting
    private let maxBytes: Int
    private let timeout: Duration

    public init(client: any HTTPGetting, maxBytes: Int = defaultMaxBytes, timeout: Duration = .seconds(30)) {
        self.client = client
        self.maxBytes = maxBytes
        self.timeout = timeout
    }

    public func imageData(at location: ImageLocation) async throws -> [UInt8] {
        guard case .web(let url) = location else {
            throw GalleryError.unreadableFile(name: "\(location)", reason: "the network loader reads web addresses only")
        }
        let response = try await client.get(url, headers: ["Accept": "image/jpeg, image/*"],
                                            timeout: timeout, maxBodyBytes: maxBytes)
        // A missing or generic type is tolerated: the decoder sniffs the format anyway.
        if let type = response.header("content-type")?.lowercased(),
           !type.hasPrefix("image/"), !type.hasPrefix("application/octet-stream") {
            throw GalleryError.notAnImage(contentType: type)
        }
        return response.body
    }
}

extension HTTPClient: ImageLoading {
    /// Image bytes with `HTTPImageLoader`'s defaults (32 MB cap).
    public func imageData(at location: ImageLocation) async throws -> [UInt8] {
        try await HTTPImageLoader(client: self).imageData(at: location)
    }
}
