import FileSystem
import PlayerCore

/// Pure parsing of where a track lives: a plain path or a `file://` URI (what MPRIS OpenUri and playlists give).
enum TrackLocation {
    /// What a location string names.
    enum Kind: Equatable {
        /// A local file at this absolute or relative path.
        case file(String)
        /// A URI with a scheme Linnet cannot open yet (http, https, …): the scheme, lowercased.
        case unsupportedScheme(String)
        /// A `file://` URI that is malformed (bad percent escape, a remote host).
        case invalid(String)
    }

    static func parse(_ location: String) -> Kind {
        guard let colon = location.firstIndex(of: ":"), location[location.index(after: colon)...].hasPrefix("//"),
            location[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || "+-.".contains($0) }),
            !location[..<colon].isEmpty
        else {
            return .file(location)
        }
        let scheme = location[..<colon].lowercased()
        guard scheme == "file" else { return .unsupportedScheme(scheme) }
        let rest = location[location.index(colon, offsetBy: 3)...]  // after "file://"
        guard let slash = rest.firstIndex(of: "/") else { return .invalid("no path in file URI") }
        let host = rest[..<slash]
        guard host.isEmpty || host.lowercased() == "localhost" else {
            return .invalid("file URI names a remote host '\(host)'")
        }
        guard let path = percentDecoded(rest[slash...]) else { return .invalid("bad percent escape in file URI") }
        return .file(path)
    }

    /// Decodes %XX escapes to bytes (in BytePath's lossless form); nil for a malformed escape.
    static func percentDecoded(_ s: Substring) -> String? {
        var bytes: [UInt8] = []
        var utf8 = s.utf8.makeIterator()
        while let b = utf8.next() {
            guard b == UInt8(ascii: "%") else { bytes.append(b); continue }
            guard let h = utf8.next().flatMap(hexValue), let l = utf8.next().flatMap(hexValue) else { return nil }
            bytes.append(h << 4 | l)
        }
        return BytePath.string(bytes)
    }

    private static func hexValue(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return c - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
