/// What to fetch and the limits that protect the daemon from a hostile or broken server.
public struct HTTPRequest: Sendable, Hashable {
    public var url: String
    /// Ask for the bytes from this offset on (`Range: bytes=N-`); nil for the whole resource.
    public var rangeStart: Int64?
    /// Extra request header lines, e.g. "Icy-MetaData: 1".
    public var headers: [String] = []
    /// A PEM file of CA certificates to trust instead of the system's (tests, private servers).
    public var caFile: String?
    /// At most this many redirects, each only to http or https.
    public var maxRedirects = 5
    /// Total size of the response headers (all redirects included) before the transfer is refused.
    public var maxHeaderBytes = 64 * 1024
    public var connectTimeoutSeconds = 10
    /// The transfer fails when it receives less than `lowSpeedBytesPerSecond` for `lowSpeedSeconds` in a row
    /// (a stalled or trickling server); a transfer paused because our buffer is full is not measured.
    public var lowSpeedBytesPerSecond = 256
    public var lowSpeedSeconds = 10
    /// A body to POST (nil: a GET).
    public var body: [UInt8]?
    /// The whole transfer fails after this long (nil: no limit, as a stream needs).
    public var timeoutSeconds: Int?

    public init(url: String) {
        self.url = url
    }
}

/// The final response's status and the headers that matter to a player (redirects already followed).
public struct HTTPResponse: Sendable, Hashable {
    public var status: Int
    /// The URL after redirects.
    public var effectiveURL: String
    /// Header names lowercased, values trimmed; the last one wins for repeated names.
    public var headers: [String: String]

    public init(status: Int, effectiveURL: String, headers: [String: String]) {
        self.status = status
        self.effectiveURL = effectiveURL
        self.headers = headers
    }

    public var contentType: String? {
        headers["content-type"].map { String($0.split(separator: ";").first ?? "").lowercased() }
    }

    public var contentLength: Int64? { headers["content-length"].flatMap { Int64($0) } }
}

/// What a receiver does with a chunk of the body.
public enum HTTPDataDecision: Sendable {
    /// Taken; keep going.
    case accepted
    /// Not taken: stop receiving until `HTTPTransfer.resume()` (the chunk is delivered again then).
    case pause
    /// Stop the transfer; it finishes with a `.rejected` error carrying `reason`.
    case abort(reason: String)
}

/// The receiver of one transfer's events, called on the Curl loop's thread in order.
public protocol HTTPTransferDelegate: AnyObject, Sendable {
    /// The final response's headers, before any body byte; return a reason to refuse it, nil to go on.
    func transferReceived(response: HTTPResponse) -> String?
    /// A chunk of the body.
    func transferReceived(data: UnsafeRawBufferPointer) -> HTTPDataDecision
    /// The transfer ended: nil when the body ended normally.
    func transferFinished(error: CurlError?)
}
