import CCurl
import Synchronization

/// One HTTP(S) request driven by `CurlLoop`: owns the curl easy handle, its header list and error buffer.
///
/// Concurrency: `@unchecked Sendable` because everything but `state` is touched only on the loop's thread
/// (set-up happens before the loop sees the transfer; callbacks and clean-up run there). `cancel()` and
/// `resume()` may be called from any thread: they only post a command to the loop.
public final class HTTPTransfer: @unchecked Sendable {
    public let request: HTTPRequest
    let easy: UnsafeMutableRawPointer
    private var headerList: UnsafeMutablePointer<curl_slist>?
    private let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
    private weak var loop: CurlLoop?
    private let lib: CurlLibrary
    let delegate: any HTTPTransferDelegate
    // --- loop thread only ---
    private var headerBytes = 0
    private var headers: [String: String] = [:]
    private var responseDelivered = false
    /// A failure Linnet decided on inside a callback (limit, refusal); it wins over curl's generic code.
    private var ownError: CurlError?
    /// Set once by `cancel()`; read by callbacks to stop delivering.
    let cancelled = Atomic<Bool>(false)

    init(request: HTTPRequest, delegate: any HTTPTransferDelegate, loop: CurlLoop) throws(CurlError) {
        lib = loop.lib
        guard let easy = linnet_curl_easy_init(loop.lib.easyInit) else {
            throw CurlError(.other, url: request.url, message: "curl_easy_init failed")
        }
        self.easy = easy
        self.request = request
        self.delegate = delegate
        self.loop = loop
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        do { try configure() } catch {
            linnet_curl_easy_cleanup(lib.easyCleanup, easy)
            errorBuffer.deallocate()
            throw error
        }
    }

    deinit {
        linnet_curl_easy_cleanup(lib.easyCleanup, easy)
        if let headerList { linnet_curl_slist_free_all(lib.slistFreeAll, headerList) }
        errorBuffer.deallocate()
    }

    /// Stops the transfer; the delegate hears nothing more from it (no `transferFinished`).
    public func cancel() {
        cancelled.store(true, ordering: .releasing)
        loop?.post(.remove(self))
    }

    /// Continues a transfer the delegate paused.
    public func resume() {
        loop?.post(.unpause(self))
    }

    // MARK: - set-up

    private func configure() throws(CurlError) {
        try set(CURLOPT_URL, request.url)
        try set(CURLOPT_ERRORBUFFER, UnsafeMutableRawPointer(errorBuffer))
        try set(CURLOPT_NOSIGNAL, 1)
        // Only http and https, for the first URL and for every redirect (no file://, ftp://, …).
        try set(CURLOPT_PROTOCOLS_STR, "http,https")
        try set(CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
        try set(CURLOPT_FOLLOWLOCATION, 1)
        try set(CURLOPT_MAXREDIRS, Int(request.maxRedirects))
        try set(CURLOPT_SSL_VERIFYPEER, 1)
        try set(CURLOPT_SSL_VERIFYHOST, 2)
        if let ca = request.caFile { try set(CURLOPT_CAINFO, ca) }
        try set(CURLOPT_CONNECTTIMEOUT, request.connectTimeoutSeconds)
        try set(CURLOPT_LOW_SPEED_LIMIT, request.lowSpeedBytesPerSecond)
        try set(CURLOPT_LOW_SPEED_TIME, request.lowSpeedSeconds)
        try set(CURLOPT_USERAGENT, "Linnet/1.0")
        if let start = request.rangeStart, start > 0 {
            try set(CURLOPT_RANGE, "\(start)-")
        }
        if let timeout = request.timeoutSeconds { try set(CURLOPT_TIMEOUT, max(1, timeout)) }
        if let body = request.body {
            // Copied by libcurl (COPYPOSTFIELDS, after its size); no "Expect: 100-continue" round trip.
            try set(CURLOPT_POSTFIELDSIZE, body.count)
            var bytes = body
            if bytes.isEmpty { bytes = [0] }
            let code = bytes.withUnsafeMutableBytes {
                linnet_curl_setopt_ptr(lib.easySetopt, easy, CURLOPT_COPYPOSTFIELDS, $0.baseAddress!)
            }
            try check(code)
            headerList = linnet_curl_slist_append(lib.slistAppend, headerList, "Expect:")
        }
        for line in request.headers { headerList = linnet_curl_slist_append(lib.slistAppend, headerList, line) }
        // Never ask for compressed bodies: audio is already compressed and decoders want the bytes as stored.
        headerList = linnet_curl_slist_append(lib.slistAppend, headerList, "Accept-Encoding: identity")
        try check(linnet_curl_setopt_slist(lib.easySetopt, easy, CURLOPT_HTTPHEADER, headerList))
        let me = Unmanaged.passUnretained(self).toOpaque()
        try set(CURLOPT_WRITEDATA, me)
        try set(CURLOPT_HEADERDATA, me)
        try check(
            linnet_curl_setopt_datacb(
                lib.easySetopt, easy, CURLOPT_WRITEFUNCTION,
                { data, size, count, user in
                    Unmanaged<HTTPTransfer>.fromOpaque(user!).takeUnretainedValue().received(data, size &* count)
                }))
        try check(
            linnet_curl_setopt_datacb(
                lib.easySetopt, easy, CURLOPT_HEADERFUNCTION,
                { data, size, count, user in
                    Unmanaged<HTTPTransfer>.fromOpaque(user!).takeUnretainedValue().receivedHeader(data, size &* count)
                }))
        try set(CURLOPT_PRIVATE, me)
    }

    private func set(_ option: CURLoption, _ value: Int) throws(CurlError) {
        try check(linnet_curl_setopt_long(lib.easySetopt, easy, option, value))
    }

    private func set(_ option: CURLoption, _ value: String) throws(CurlError) {
        try check(linnet_curl_setopt_str(lib.easySetopt, easy, option, value))  // libcurl copies strings
    }

    private func set(_ option: CURLoption, _ value: UnsafeMutableRawPointer) throws(CurlError) {
        try check(linnet_curl_setopt_ptr(lib.easySetopt, easy, option, value))
    }

    private func check(_ code: CURLcode) throws(CurlError) {
        guard code == CURLE_OK else { throw CurlError(code: code, url: request.url, detail: "", lib: lib) }
    }

    // MARK: - callbacks (loop thread)

    private func receivedHeader(_ data: UnsafeMutablePointer<CChar>?, _ count: Int) -> Int {
        guard !cancelled.load(ordering: .acquiring), let data else { return 0 }
        headerBytes &+= count
        if headerBytes > request.maxHeaderBytes {
            ownError = CurlError(
                .headersTooLarge, url: request.url,
                message: "response headers exceed \(request.maxHeaderBytes / 1024) KB")
            return 0
        }
        let line = String(decoding: UnsafeRawBufferPointer(start: data, count: count), as: UTF8.self)
        if line.hasPrefix("HTTP/") || line.hasPrefix("ICY ") {
            headers = [:]  // a new response (after a redirect or a 100 Continue)
        } else if let colon = line.firstIndex(of: ":") {
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingSpaces
            headers[name] = value
        }
        return count
    }

    private func received(_ data: UnsafeMutablePointer<CChar>?, _ count: Int) -> Int {
        guard !cancelled.load(ordering: .acquiring), let data else { return 0 }
        if !responseDelivered {
            responseDelivered = true
            if let reason = delegate.transferReceived(response: response()) {
                ownError = CurlError(.rejected, url: request.url, message: reason)
                return 0
            }
        }
        switch delegate.transferReceived(data: UnsafeRawBufferPointer(start: data, count: count)) {
        case .accepted: return count
        case .pause: return linnet_curl_writefunc_pause()
        case .abort(let reason):
            ownError = CurlError(.rejected, url: request.url, message: reason)
            return 0
        }
    }

    /// The response as it stands (status and effective URL from libcurl).
    private func response() -> HTTPResponse {
        var status = 0
        _ = linnet_curl_getinfo_long(lib.easyGetinfo, easy, CURLINFO_RESPONSE_CODE, &status)
        var effective: UnsafeMutablePointer<CChar>?
        _ = linnet_curl_getinfo_str(lib.easyGetinfo, easy, CURLINFO_EFFECTIVE_URL, &effective)
        return HTTPResponse(
            status: status, effectiveURL: effective.map { String(cString: $0) } ?? request.url,
            headers: headers)
    }

    /// Called by the loop when libcurl reports the transfer done.
    func finished(_ code: CURLcode) {
        guard !cancelled.load(ordering: .acquiring) else { return }
        if code == CURLE_OK && !responseDelivered {
            // No body at all: the receiver still judges the response (an empty 200 or an error status).
            responseDelivered = true
            if let reason = delegate.transferReceived(response: response()) {
                delegate.transferFinished(error: CurlError(.rejected, url: request.url, message: reason))
                return
            }
        }
        if let ownError { return delegate.transferFinished(error: ownError) }
        if code == CURLE_OK { return delegate.transferFinished(error: nil) }
        let detail = String(cString: errorBuffer)
        delegate.transferFinished(error: CurlError(code: code, url: request.url, detail: detail, lib: lib))
    }
}

extension Substring {
    /// Without leading and trailing spaces, tabs, CR and LF.
    var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" || $0 == "\r\n" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
