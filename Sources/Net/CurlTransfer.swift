import CCurl
import OperatingSystem

/// One GET: its easy handle, the bytes and headers received so far, and the waiting continuation.
///
/// Confinement: `init` configures the handle on the caller's thread before anyone else sees it; from
/// `CurlEngine.add` on, the handle, body and headers are touched only by the curl thread (libcurl
/// calls the callbacks from `curl_multi_perform` there). `completion` is thread-safe.
final class CurlTransfer: @unchecked Sendable {
    let easy: UnsafeMutableRawPointer
    let completion = ResponseContinuation()
    /// The per-host cap's key.
    var host: String { request.target.hostKey }

    private let request: CurlRequest
    private let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE))
    private var requestHeaders: UnsafeMutablePointer<curl_slist>?
    private var body: [UInt8] = []
    private var responseHeaders = ResponseHeaderParser()
    private var bodyExceededLimit = false

    init(_ request: CurlRequest) throws {
        guard let easy = curl_easy_init() else {
            errorBuffer.deallocate()
            throw HTTPError.transport(code: Int(CURLE_FAILED_INIT.rawValue), message: "curl_easy_init failed")
        }
        self.easy = easy
        self.request = request
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
        try configure()
    }

    deinit {
        curl_easy_cleanup(easy)
        curl_slist_free_all(requestHeaders)
        errorBuffer.deallocate()
    }

    /// Maps libcurl's final code to the response or the error `get` throws. Curl thread only.
    func result(of code: CURLcode) -> Result<HTTPResponse, any Error> {
        switch code {
        case CURLE_OK:
            var status = 0
            ccurl_getinfo_long(easy, CURLINFO_RESPONSE_CODE, &status)
            guard (200..<300).contains(status) else {
                return .failure(HTTPError.status(status, headers: responseHeaders.fields))
            }
            return .success(HTTPResponse(status: status, headers: responseHeaders.fields, body: body, url: effectiveURL))
        case CURLE_OPERATION_TIMEDOUT:
            return .failure(HTTPError.timedOut)
        case CURLE_FILESIZE_EXCEEDED:
            return .failure(HTTPError.bodyTooLarge(limit: request.maxBodyBytes))
        case CURLE_WRITE_ERROR where bodyExceededLimit:
            return .failure(HTTPError.bodyTooLarge(limit: request.maxBodyBytes))
        case CURLE_URL_MALFORMAT:
            return .failure(HTTPError.invalidURL(effectiveURL))
        case CURLE_UNSUPPORTED_PROTOCOL:
            // Only reachable through a redirect: `get` rejects other schemes up front.
            return .failure(HTTPError.unsupportedScheme(RequestURL.scheme(of: redirectURL ?? effectiveURL)))
        default:
            let detail = String(cString: errorBuffer)
            let message = detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail
            return .failure(HTTPError.transport(code: Int(code.rawValue), message: message))
        }
    }

    // MARK: - Configuration

    private func configure() throws {
        try set(CURLOPT_URL, request.url)
        try set(CURLOPT_NOSIGNAL, 1)
        try set(CURLOPT_PROTOCOLS_STR, "http,https")
        try set(CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
        try set(CURLOPT_FOLLOWLOCATION, 1)
        try set(CURLOPT_MAXREDIRS, 5)
        try set(CURLOPT_ACCEPT_ENCODING, "")
        try set(CURLOPT_CONNECTTIMEOUT_MS, request.connectTimeout.curlMilliseconds)
        try set(CURLOPT_TIMEOUT_MS, request.timeout.curlMilliseconds)
        try set(CURLOPT_LOW_SPEED_LIMIT, request.lowSpeedLimit)
        try set(CURLOPT_LOW_SPEED_TIME, request.lowSpeedTime.curlSeconds)
        try set(CURLOPT_SSL_VERIFYPEER, 1)
        try set(CURLOPT_SSL_VERIFYHOST, 2)
        // A libcurl built without HTTP/2 refuses this; HTTP/1.1 then still works, so ignore the code.
        _ = ccurl_setopt_long(easy, CURLOPT_HTTP_VERSION, Int(CURL_HTTP_VERSION_2TLS))
        // Over TLS, wait for a connection being set up to the same host to say whether it multiplexes
        // instead of opening another. Not over plain http: there the answer only comes with the first
        // response, which would delay the rest of a burst for nothing (plain http is never HTTP/2 here).
        try set(CURLOPT_PIPEWAIT, request.target.scheme == "https" ? 1 : 0)
        // CURLOPT_PROXY and CURLOPT_NOPROXY stay unset on purpose: libcurl then takes the proxy
        // from http_proxy / https_proxy / all_proxy / no_proxy.
        try set(CURLOPT_USERAGENT, request.userAgent)
        try check(ccurl_setopt_off(easy, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(request.maxBodyBytes)))
        try check(ccurl_setopt_ptr(easy, CURLOPT_ERRORBUFFER, errorBuffer))
        try setRequestHeaders()
        try installCallbacks()
        try openSocketsCloseOnExec()
    }

    /// libcurl's own sockets are inherited by every process started while they are open, and such a
    /// child keeps the connection alive after libcurl closes it: a cancelled transfer's server then
    /// went on sending the whole body. Created close-on-exec, in one step, no child ever gets one.
    private func openSocketsCloseOnExec() throws {
        try check(ccurl_setopt_opensocket(easy) { _, _, address in
            guard let address,
                let socket = try? Socket.openCloseOnExec(family: address.pointee.family, type: address.pointee.socktype,
                                                         protocol: address.pointee.protocol)
            else { return CURL_SOCKET_BAD }
            return socket.rawValue
        })
    }

    private func setRequestHeaders() throws {
        for (name, value) in request.headers.sorted(by: { $0.key < $1.key }) {
            guard let appended = curl_slist_append(requestHeaders, "\(name): \(value)") else {
                throw HTTPError.transport(code: Int(CURLE_OUT_OF_MEMORY.rawValue), message: "out of memory")
            }
            requestHeaders = appended
        }
        if let requestHeaders {
            try check(ccurl_setopt_ptr(easy, CURLOPT_HTTPHEADER, requestHeaders))
        }
    }

    private func installCallbacks() throws {
        // Unretained: the engine holds the transfer for as long as the handle is in the multi handle,
        // and libcurl calls back only from there.
        let context = Unmanaged.passUnretained(self).toOpaque()
        try check(ccurl_setopt_ptr(easy, CURLOPT_WRITEDATA, context))
        try check(ccurl_setopt_write(easy) { data, size, count, context in
            let bytes = UnsafeRawBufferPointer(start: data, count: size * count)
            return Unmanaged<CurlTransfer>.fromOpaque(context!).takeUnretainedValue().receive(body: bytes)
        })
        try check(ccurl_setopt_ptr(easy, CURLOPT_HEADERDATA, context))
        try check(ccurl_setopt_header(easy) { data, size, count, context in
            let bytes = UnsafeRawBufferPointer(start: data, count: size * count)
            return Unmanaged<CurlTransfer>.fromOpaque(context!).takeUnretainedValue().receive(headerLine: bytes)
        })
    }

    private func set(_ option: CURLoption, _ value: Int) throws {
        try check(ccurl_setopt_long(easy, option, value))
    }

    private func set(_ option: CURLoption, _ value: String) throws {
        // libcurl copies string options.
        try check(ccurl_setopt_str(easy, option, value))
    }

    private func check(_ code: CURLcode) throws {
        guard code == CURLE_OK else {
            throw HTTPError.transport(code: Int(code.rawValue), message: String(cString: curl_easy_strerror(code)))
        }
    }

    // MARK: - Callbacks (curl thread)

    /// Returns the number of bytes taken; anything less makes libcurl abort with CURLE_WRITE_ERROR.
    private func receive(body bytes: UnsafeRawBufferPointer) -> Int {
        guard body.count + bytes.count <= request.maxBodyBytes else {
            bodyExceededLimit = true
            return 0
        }
        body.append(contentsOf: bytes)
        if let progress = request.progress {
            progress(body.count, responseHeaders.fields["content-length"].flatMap { Int($0) })
        }
        return bytes.count
    }

    private func receive(headerLine bytes: UnsafeRawBufferPointer) -> Int {
        responseHeaders.consume(line: String(decoding: bytes, as: UTF8.self))
        return bytes.count
    }

    private var effectiveURL: String {
        stringInfo(CURLINFO_EFFECTIVE_URL) ?? request.url
    }

    private var redirectURL: String? {
        stringInfo(CURLINFO_REDIRECT_URL)
    }

    private func stringInfo(_ info: CURLINFO) -> String? {
        var value: UnsafeMutablePointer<CChar>?
        guard ccurl_getinfo_str(easy, info, &value) == CURLE_OK, let value else { return nil }
        return String(cString: value)
    }
}
