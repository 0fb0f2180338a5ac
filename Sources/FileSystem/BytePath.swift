/// A lossless String form of Linux file-name bytes, which need not be UTF-8. Valid UTF-8 maps to itself; every
/// byte that is not part of valid UTF-8 becomes the private-use scalar U+10FF00 + byte (U+10FF80…U+10FFFF), and a
/// name that really contains one of those scalars has its UTF-8 bytes escaped the same way, so `bytes(string(b))`
/// is always `b`. Normal names are unchanged Swift strings; only syscalls and URIs need the bytes back.
public enum BytePath {
    private static let escapeBase: UInt32 = 0x10FF00
    private static let firstEscape: UInt32 = 0x10FF80

    /// The string form of `bytes`.
    public static func string(_ bytes: some Collection<UInt8>) -> String {
        let array = Array(bytes)
        if let plain = String(validating: array, as: UTF8.self),
            !plain.unicodeScalars.contains(where: { $0.value >= firstEscape })
        {
            return plain
        }
        var out = String.UnicodeScalarView()
        var i = 0
        while i < array.count {
            if let (scalar, length) = decodeScalar(array, at: i), scalar.value < firstEscape {
                out.append(scalar)
                i += length
            } else {
                // An invalid byte (or, for a real U+10FF80… scalar, each of its four bytes) is escaped alone.
                let count = decodeScalar(array, at: i)?.1 ?? 1
                for b in array[i..<(i + count)] { out.append(Unicode.Scalar(escapeBase + UInt32(b))!) }
                i += count
            }
        }
        return String(out)
    }

    /// The string form of a NUL-terminated C string (argv, d_name).
    public static func string(cString: UnsafePointer<CChar>) -> String {
        var bytes: [UInt8] = []
        var p = cString
        while p.pointee != 0 {
            bytes.append(UInt8(bitPattern: p.pointee))
            p += 1
        }
        return string(bytes)
    }

    /// The exact bytes `path` stands for.
    public static func bytes(_ path: String) -> [UInt8] {
        guard hasEscapes(path) else { return Array(path.utf8) }
        var out: [UInt8] = []
        out.reserveCapacity(path.utf8.count)
        for scalar in path.unicodeScalars {
            if scalar.value >= firstEscape {
                out.append(UInt8(truncatingIfNeeded: scalar.value - escapeBase))
            } else {
                out.append(contentsOf: UTF8.encode(scalar)!)
            }
        }
        return out
    }

    /// Calls `body` with `path`'s bytes as a NUL-terminated C string (for open, stat, opendir).
    public static func withCString<R>(_ path: String, _ body: (UnsafePointer<CChar>) throws -> R) rethrows -> R {
        guard hasEscapes(path) else { return try path.withCString(body) }
        return try (bytes(path) + [0]).withUnsafeBufferPointer { buffer in
            try buffer.withMemoryRebound(to: CChar.self) { try body($0.baseAddress!) }
        }
    }

    /// The name for people to read: escaped bytes shown as U+FFFD.
    public static func displayName(_ path: String) -> String {
        hasEscapes(path) ? String(decoding: bytes(path), as: UTF8.self) : path
    }

    /// Whether `path` holds escaped bytes (their UTF-8 starts with F4 8F BE or F4 8F BF).
    static func hasEscapes(_ path: String) -> Bool {
        path.utf8.contains(0xF4) && path.unicodeScalars.contains(where: { $0.value >= firstEscape })
    }

    /// The valid UTF-8 scalar starting at `i` and its length, or nil when the bytes there are not valid UTF-8.
    private static func decodeScalar(_ b: [UInt8], at i: Int) -> (Unicode.Scalar, Int)? {
        let lead = b[i]
        let length: Int
        var value: UInt32
        switch lead {
        case 0x00...0x7F: return (Unicode.Scalar(lead), 1)
        case 0xC2...0xDF: length = 2; value = UInt32(lead & 0x1F)
        case 0xE0...0xEF: length = 3; value = UInt32(lead & 0x0F)
        case 0xF0...0xF4: length = 4; value = UInt32(lead & 0x07)
        default: return nil
        }
        guard i + length <= b.count else { return nil }
        for k in 1..<length {
            let c = b[i + k]
            guard c & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(c & 0x3F)
        }
        // Overlong forms, surrogates and values past U+10FFFF are not valid UTF-8.
        let minimum: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000
        guard value >= minimum, let scalar = Unicode.Scalar(value) else { return nil }
        return (scalar, length)
    }
}
