import Observation
public import Net

/// How far a download has got.
public struct DownloadProgress: Sendable, Equatable {
    /// Body bytes received so far.
    public var received: Int
    /// The length the server announced, when it did.
    public var expected: Int?

    public init(received: Int, expected: Int?) {
        self.received = received
        self.expected = expected
    }

    /// 0...1 when the length is known.
    public var fraction: Double? {
        guard let expected, expected > 0 else { return nil }
        return min(1, Double(received) / Double(expected))
    }
}

/// Fetches a whole file while reporting progress: the transport behind `d` (download the original).
public protocol DownloadFetching: Sendable {
    /// The body of `url`. `progress` may be called from any thread, any number of times.
    func download(_ url: String, progress: @escaping @Sendable (DownloadProgress) -> Void) async throws -> [UInt8]
}

extension HTTPClient: DownloadFetching {
    /// Originals can be large (tens of MB); anything beyond this is not a photo.
    static let maxDownloadBytes = 256 << 20

    public func download(_ url: String, progress: @escaping @Sendable (DownloadProgress) -> Void) async throws -> [UInt8] {
        let response = try await get(url, headers: ["Accept": "image/*"], timeout: .seconds(600),
                                     maxBodyBytes: Self.maxDownloadBytes) { received, expected in
            progress(DownloadProgress(received: received, expected: expected))
        }
        return response.body
    }
}
