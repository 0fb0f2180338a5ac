import CCurl

/// Why an HTTP transfer failed: libcurl's code and text, or one of Linnet's own limits, with the URL.
public struct CurlError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The broad class of failure, for retry and reporting decisions.
    public enum Kind: Sendable, Hashable {
        /// More redirects than allowed.
        case tooManyRedirects
        /// A URL (or a redirect target) with a scheme other than http/https.
        case unsupportedScheme
        /// A URL libcurl's URL API cannot parse, or one that names no host (`CurlURL.validate`,
        /// `CurlURL.resolve`).
        case malformedURL
        /// The server's TLS certificate did not verify (or the CA file could not be used).
        case tlsVerification
        /// Nothing (or too little) arrived for too long.
        case timedOut
        /// The host could not be resolved or connected to.
        case connect
        /// The connection broke after it was established (reset, closed early).
        case connectionLost
        /// The response headers were larger than allowed.
        case headersTooLarge
        /// The receiver refused the response (bad status, wrong content); the message says why.
        case rejected
        /// Anything else libcurl reported.
        case other
    }

    public var kind: Kind
    public var url: String
    public var message: String
    /// The CURLcode, when libcurl reported the failure.
    public var code: Int32?

    public init(_ kind: Kind, url: String, message: String, code: Int32? = nil) {
        self.kind = kind
        self.url = url
        self.message = message
        self.code = code
    }

    public var description: String { "\(url): \(message)" }

    /// Whether trying again later may help (a drop or a timeout, not a refusal or a policy limit).
    public var isTransient: Bool {
        switch kind {
        case .timedOut, .connect, .connectionLost: return true
        default: return false
        }
    }

    /// Maps a CURLcode (with libcurl's detail text when it gave one).
    init(code: CURLcode, url: String, detail: String, lib: CurlLibrary) {
        let text =
            detail.isEmpty
            ? (linnet_curl_easy_strerror(lib.easyStrerror, code).map { String(cString: $0) }
                ?? "libcurl error \(code.rawValue)")
            : detail
        let kind: Kind
        switch code {
        case CURLE_TOO_MANY_REDIRECTS: kind = .tooManyRedirects
        case CURLE_UNSUPPORTED_PROTOCOL: kind = .unsupportedScheme
        case CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CACERT_BADFILE, CURLE_SSL_CONNECT_ERROR,
            CURLE_SSL_CERTPROBLEM, CURLE_SSL_ISSUER_ERROR:
            kind = .tlsVerification
        case CURLE_OPERATION_TIMEDOUT: kind = .timedOut
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_CONNECT, CURLE_COULDNT_RESOLVE_PROXY: kind = .connect
        case CURLE_RECV_ERROR, CURLE_PARTIAL_FILE, CURLE_GOT_NOTHING, CURLE_SEND_ERROR: kind = .connectionLost
        default: kind = .other
        }
        self.init(kind, url: url, message: text, code: Int32(bitPattern: code.rawValue))
    }
}
