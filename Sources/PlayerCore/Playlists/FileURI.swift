import FileSystem

/// Why a string is not an acceptable URI (or path), with the offending text; MPRIS maps this to InvalidArgs.
public struct URIError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Kind: Hashable, Sendable {
        case empty
        /// Not `file:` when a file URI was required.
        case notFileScheme
        /// `file://host/…` with a host other than empty or `localhost`.
        case remoteHost
        /// `%` not followed by two hex digits.
        case badPercentEncoding
        /// Decoded bytes are not UTF-8 (no longer thrown: BytePath holds such names losslessly).
        case invalidUTF8
        /// A NUL byte, a `?` query or a `#` fragment, which no local file name can carry in a URI.
        case invalidCharacter
        /// A relative path where an absolute one is needed.
        case notAbsolute
    }

    public var kind: Kind
    public var text: String

    public init(_ kind: Kind, _ text: String) {
        self.kind = kind
        self.text = text
    }

    public var description: String { "malformed URI or path (\(kind)): \(text)" }
}

/// Conversions between local paths and `file://` URIs, with percent-encoding both ways (RFC 3986, RFC 8089).
public enum FileURI {
    /// The lowercased scheme of `text` (`http`, `file`, …), or nil when it has none.
    public static func scheme(of text: String) -> String? {
        guard let colon = text.utf8.firstIndex(of: UInt8(ascii: ":")) else { return nil }
        let scheme = text.utf8[..<colon]
        guard let first = scheme.first, isAlpha(first), scheme.count >= 2 else { return nil }
        for b in scheme
        where !(isAlpha(b) || isDigit(b) || b == UInt8(ascii: "+") || b == UInt8(ascii: "-") || b == UInt8(ascii: "."))
        {
            return nil
        }
        return String(decoding: scheme, as: UTF8.self).lowercased()
    }

    /// The local path named by a `file:` URI (`file:///a`, `file://localhost/a`, `file:/a`), percent-decoded.
    public static func path(fromURI uri: String) throws(URIError) -> String {
        guard !uri.isEmpty else { throw URIError(.empty, uri) }
        guard scheme(of: uri) == "file" else { throw URIError(.notFileScheme, uri) }
        var rest = Substring(uri.dropFirst(5))  // after "file:"
        if rest.hasPrefix("//") {
            rest = rest.dropFirst(2)
            let slash = rest.firstIndex(of: "/") ?? rest.endIndex
            let host = rest[..<slash].lowercased()
            guard host.isEmpty || host == "localhost" else { throw URIError(.remoteHost, uri) }
            rest = rest[slash...]
        }
        guard rest.hasPrefix("/") else { throw URIError(.notAbsolute, uri) }
        guard !rest.contains("?"), !rest.contains("#") else { throw URIError(.invalidCharacter, uri) }
        guard let bytes = percentDecodedBytes(rest) else { throw URIError(.badPercentEncoding, uri) }
        guard !bytes.contains(0) else { throw URIError(.invalidCharacter, uri) }
        return BytePath.string(bytes)  // a name that is not UTF-8 keeps its bytes (see BytePath)
    }

    /// The `file://` URI of an absolute path; bytes outside RFC 3986's unreserved, sub-delims, `:@/` are %XX-encoded.
    public static func uri(fromPath path: String) -> String {
        var out = "file://"
        out.reserveCapacity(path.utf8.count + 8)
        for b in BytePath.bytes(path) {
            if isAllowedInPath(b) {
                out.unicodeScalars.append(Unicode.Scalar(b))
            } else {
                out += "%" + hexDigit(b >> 4) + hexDigit(b & 0xF)
            }
        }
        return out
    }

    /// Percent-decodes `text` as UTF-8; nil on a malformed escape or invalid UTF-8.
    public static func percentDecode<S: StringProtocol>(_ text: S) -> String? {
        guard let bytes = percentDecodedBytes(text) else { return nil }
        return String(validating: bytes, as: UTF8.self)
    }

    /// Collapses `//`, `.` and `..` segments of an absolute path (lexically; symlinks are not resolved).
    public static func normalize(path: String) -> String {
        var parts: [Substring] = []
        for comp in path.split(separator: "/", omittingEmptySubsequences: true) {
            if comp == "." { continue }
            if comp == ".." { if !parts.isEmpty { parts.removeLast() }; continue }
            parts.append(comp)
        }
        return "/" + parts.joined(separator: "/")
    }

    // MARK: - bytes

    static func percentDecodedBytes<S: StringProtocol>(_ text: S) -> [UInt8]? {
        decodingEscapes(text, keepingMalformed: false)
    }

    /// `%XX` escapes to their bytes; a malformed escape (not two hex digits) is kept as it is, or makes the whole
    /// text nil. The one decoding loop of the strict and the lenient decoders.
    static func decodingEscapes<S: StringProtocol>(_ text: S, keepingMalformed: Bool) -> [UInt8]? {
        let utf8 = Array(text.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(utf8.count)
        var i = 0
        while i < utf8.count {
            if utf8[i] == UInt8(ascii: "%") {
                if i + 2 < utf8.count, let h = hexValue(utf8[i + 1]), let l = hexValue(utf8[i + 2]) {
                    out.append(h << 4 | l)
                    i += 3
                    continue
                }
                if !keepingMalformed { return nil }
            }
            out.append(utf8[i])
            i += 1
        }
        return out
    }

    private static func isAlpha(_ b: UInt8) -> Bool {
        (b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z")
    }
    private static func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }

    private static func isAllowedInPath(_ b: UInt8) -> Bool {
        if isAlpha(b) || isDigit(b) { return true }
        switch b {
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"),
            UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("),
            UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"),
            UInt8(ascii: "="), UInt8(ascii: ":"), UInt8(ascii: "@"), UInt8(ascii: "/"):
            return true
        default:
            return false
        }
    }

    static func hexValue(_ b: UInt8) -> UInt8? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return b - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return b - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return b - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    private static func hexDigit(_ v: UInt8) -> String {
        String(Unicode.Scalar(v < 10 ? v + 48 : v + 55))
    }
}
