/// Standard base64 (RFC 4648) decoding for METADATA_BLOCK_PICTURE and COVERART values: whitespace is ignored,
/// padding optional; any other character makes the value invalid (nil).
public enum Base64 {
    private static let table: [UInt8] = {
        var t = [UInt8](repeating: 0xFF, count: 256)
        for (i, c) in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8.enumerated() {
            t[Int(c)] = UInt8(i)
        }
        return t
    }()

    public static func decode(_ input: [UInt8]) -> [UInt8]? {
        var out = [UInt8]()
        out.reserveCapacity(input.count / 4 * 3)
        var acc: UInt32 = 0
        var bits = 0
        var padding = false
        for c in input {
            if c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 { continue }
            if c == UInt8(ascii: "=") { padding = true; continue }
            let v = table[Int(c)]
            guard v != 0xFF, !padding else { return nil }
            acc = acc << 6 | UInt32(v)
            bits += 6
            if bits >= 8 {
                bits -= 8
                out.append(UInt8(truncatingIfNeeded: acc >> UInt32(bits)))
            }
        }
        return bits >= 6 ? nil : out  // one stray character (6 bits) cannot end a valid encoding
    }
}
