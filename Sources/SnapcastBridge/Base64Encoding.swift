/// Standard base64 (RFC 4648, with padding), for `artData`.
public enum Base64Encoding {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    public static func encode(_ bytes: some Collection<UInt8>) -> String {
        let input = Array(bytes)
        var out: [UInt8] = []
        out.reserveCapacity((input.count + 2) / 3 * 4)
        var i = 0
        while i + 3 <= input.count {
            let n = UInt32(input[i]) << 16 | UInt32(input[i + 1]) << 8 | UInt32(input[i + 2])
            out += [sextet(n >> 18), sextet(n >> 12), sextet(n >> 6), sextet(n)]
            i += 3
        }
        switch input.count - i {
        case 1:
            let n = UInt32(input[i]) << 16
            out += [sextet(n >> 18), sextet(n >> 12), UInt8(ascii: "="), UInt8(ascii: "=")]
        case 2:
            let n = UInt32(input[i]) << 16 | UInt32(input[i + 1]) << 8
            out += [sextet(n >> 18), sextet(n >> 12), sextet(n >> 6), UInt8(ascii: "=")]
        default: break
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func sextet(_ n: UInt32) -> UInt8 { alphabet[Int(n & 0x3F)] }
}
