extension HTTPClient {
    /// Transport settings shared by every request of one client.
    ///
    /// Fixed by design rather than configurable: only http and https (also after redirects, at most 5),
    /// TLS peer and host verification, every encoding libcurl can decode, HTTP/2 over TLS where the
    /// server offers it (transfers to one host multiplex over one connection), connections kept for
    /// reuse, and the proxy taken from the environment (`http_proxy`, `https_proxy`, `all_proxy`,
    /// `no_proxy`) exactly as libcurl does by default.
    public struct Configuration: Sendable, Equatable {
        /// The longest a connection (DNS, TCP, TLS) may take; a request's own timeout, when shorter, wins.
        public var connectTimeout: Duration
        /// Sent unless a request sets its own `User-Agent` header.
        public var userAgent: String
        /// Transfers running at once per host and port; more wait in a FIFO queue (cancelling one
        /// removes it at once). Also caps the connections libcurl opens to one host. At least 1.
        public var maxConcurrentTransfersPerHost: Int
        /// Connections open at once over all hosts; 0 means no limit.
        public var maxTotalConnections: Int
        /// A transfer slower than `lowSpeedLimit` bytes per second for `lowSpeedTime` fails with
        /// `.timedOut`: a stalled connection gives up long before the request's overall timeout.
        public var lowSpeedLimit: Int
        /// See `lowSpeedLimit`; rounded up to whole seconds (libcurl's unit), at least 1 s.
        public var lowSpeedTime: Duration

        public init(connectTimeout: Duration = .seconds(10), userAgent: String = "gallery/0.1",
                    maxConcurrentTransfersPerHost: Int = 6, maxTotalConnections: Int = 0,
                    lowSpeedLimit: Int = 1, lowSpeedTime: Duration = .seconds(15)) {
            self.connectTimeout = connectTimeout
            self.userAgent = userAgent
            self.maxConcurrentTransfersPerHost = max(1, maxConcurrentTransfersPerHost)
            self.maxTotalConnections = max(0, maxTotalConnections)
            self.lowSpeedLimit = max(0, lowSpeedLimit)
            self.lowSpeedTime = lowSpeedTime
        }
    }
}
