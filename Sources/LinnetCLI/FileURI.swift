import PlayerCore

/// Turning what the user typed into a URI a player accepts (`open`, `queue add`). Paths are in BytePath form
/// (`CommandLineBytes`): a file name that is not UTF-8 keeps its bytes all the way into the URI.
public enum FileURI {
    /// True when `text` already is a URI (`file:///…`, `http://…`, `file:/x`), rather than a path.
    public static func looksLikeURI(_ text: String) -> Bool {
        guard let colon = text.firstIndex(of: ":"), colon != text.startIndex else { return false }
        let scheme = text[..<colon]
        guard let first = scheme.first, first.isASCII, first.isLetter,
              scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }) else { return false }
        let rest = text[text.index(after: colon)...]
        return rest.hasPrefix("//") || scheme.lowercased() == "file"
    }

    /// A URI for `argument`: URIs unchanged, paths made absolute against `workingDirectory`, normalised
    /// (`.` and `..` segments) and percent-encoded as a `file://` URI.
    public static func uri(for argument: String, workingDirectory: String) -> String {
        if looksLikeURI(argument) { return argument }
        let absolute = argument.hasPrefix("/") ? argument : workingDirectory + "/" + argument
        return "file://" + percentEncodedPath(normalised(absolute))
    }

    /// Removes empty, `.` and `..` segments of an absolute path (`..` at the root stays at the root).
    public static func normalised(_ path: String) -> String {
        var parts: [Substring] = []
        for segment in path.split(separator: "/", omittingEmptySubsequences: true) {
            if segment == "." { continue }
            if segment == ".." { _ = parts.popLast(); continue }
            parts.append(segment)
        }
        return "/" + parts.joined(separator: "/")
    }

    /// Percent-encodes every byte of the path (BytePath form: its real bytes) except RFC 3986 unreserved
    /// characters and `/`.
    public static func percentEncodedPath(_ path: String) -> String {
        var out = ""
        let hex = Array("0123456789ABCDEF")
        for byte in BytePath.bytes(path) {
            let c = Character(Unicode.Scalar(byte))
            if byte < 0x80, c.isLetter || c.isNumber || "-._~/".contains(c) {
                out.append(c)
            } else {
                out += "%" + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 0xF)])
            }
        }
        return out
    }

    /// Decodes `%XX` escapes (invalid escapes stay as they are; invalid UTF-8 is repaired).
    public static func percentDecoded(_ text: String) -> String {
        String(decoding: percentDecodedBytes(text), as: UTF8.self)
    }

    /// Decodes `%XX` escapes to the exact bytes (a local path for a syscall).
    public static func percentDecodedBytes(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        let utf8 = Array(text.utf8)
        var i = 0
        while i < utf8.count {
            if utf8[i] == UInt8(ascii: "%"), i + 2 < utf8.count, let h = hexValue(utf8[i + 1]), let l = hexValue(utf8[i + 2]) {
                bytes.append(h << 4 | l)
                i += 3
            } else {
                bytes.append(utf8[i])
                i += 1
            }
        }
        return bytes
    }

    private static func hexValue(_ b: UInt8) -> UInt8? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return b - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return b - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return b - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
