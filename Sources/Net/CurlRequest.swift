/// What one GET asks of libcurl, already validated.
struct CurlRequest: Sendable {
    var url: String
    var target: RequestURL.Target
    var headers: [String: String]
    var userAgent: String
    var timeout: Duration
    var connectTimeout: Duration
    var maxBodyBytes: Int
    var lowSpeedLimit: Int
    var lowSpeedTime: Duration
    /// Told the body bytes received so far and the announced length, as they arrive (curl thread).
    var progress: (@Sendable (_ received: Int, _ expected: Int?) -> Void)? = nil
}

extension Duration {
    /// Milliseconds for libcurl, at least 1: curl reads 0 as "no timeout at all".
    var curlMilliseconds: Int {
        let (seconds, attoseconds) = components
        let milliseconds = seconds.multipliedReportingOverflow(by: 1000)
        guard !milliseconds.overflow else { return Int.max }
        return max(1, Int(clamping: milliseconds.partialValue + attoseconds / 1_000_000_000_000_000))
    }

    /// Whole seconds for libcurl, rounded up, at least 1: curl reads 0 as "no limit".
    var curlSeconds: Int {
        let (seconds, attoseconds) = components
        return max(1, Int(clamping: attoseconds > 0 ? seconds &+ 1 : seconds))
    }
}
