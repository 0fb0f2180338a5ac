/// A request to a scrobbling service, built here and sent by the shell (libcurl): always a POST.
public struct ScrobbleRequest: Sendable, Hashable {
    public var url: String
    /// Header lines ("Authorization: Token …"): they may hold secrets, so requests are never logged whole.
    public var headers: [String]
    public var body: [UInt8]

    public init(url: String, headers: [String], body: [UInt8]) {
        self.url = url
        self.headers = headers
        self.body = body
    }
}

/// A service's answer: status, headers (names lowercased) and body.
public struct ScrobbleResponse: Sendable, Hashable {
    public var status: Int
    public var headers: [String: String]
    public var body: [UInt8]

    public init(status: Int, headers: [String: String] = [:], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The body as JSON, nil when it is not.
    public var json: JSONDocument? { try? JSONParser.parse(body) }

    /// Retry-After in µs: delta-seconds only (HTTP dates are not worth a date parser here: such an answer waits
    /// by the back-off instead).
    public var retryAfter: Int64? {
        guard let text = headers["retry-after"], let seconds = Int64(text), seconds >= 0 else { return nil }
        return seconds.multipliedSaturating(by: 1_000_000)
    }
}

/// Percent-encoding for `application/x-www-form-urlencoded` bodies and query strings: everything but the
/// unreserved characters (RFC 3986) is escaped, so the server reads back exactly the bytes that were signed.
public enum FormEncoding {
    public static func encode(_ pairs: [(String, String)]) -> String {
        pairs.map { escape($0.0) + "=" + escape($0.1) }.joined(separator: "&")
    }

    public static func escape(_ s: String) -> String {
        var out = ""
        for b in s.utf8 {
            switch b {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(b))
            default:
                let hex = Array("0123456789ABCDEF".utf8)
                out += "%"
                out.unicodeScalars.append(Unicode.Scalar(hex[Int(b >> 4)]))
                out.unicodeScalars.append(Unicode.Scalar(hex[Int(b & 0x0F)]))
            }
        }
        return out
    }
}
