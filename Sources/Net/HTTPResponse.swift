/// A complete HTTP response: status, headers and the whole body in memory.
public struct HTTPResponse: Sendable, Equatable {
    /// The final status code (after redirects).
    public let status: Int
    /// Header fields with lower-cased names; a repeated field's values are joined with ", ".
    public let headers: [String: String]
    public let body: [UInt8]
    /// The URL that answered, after redirects.
    public let url: String

    public init(status: Int, headers: [String: String], body: [UInt8], url: String) {
        self.status = status
        self.headers = headers
        self.body = body
        self.url = url
    }

    /// A header value by case-insensitive name.
    public func header(_ name: String) -> String? { headers[name.lowercased()] }
}
