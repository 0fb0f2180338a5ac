// Glibc is the system C library module, not a project C target: iconv(3) lives in glibc itself, so using it
// keeps PlayerCore free of the project's C shims while decoding legacy GB18030/GBK text correctly.
import Glibc

/// The encoding a text file was found to be in.
public enum TextEncoding: String, Sendable, Hashable {
    case utf8
    case utf8WithBOM
    case utf16LittleEndian
    case utf16BigEndian
    /// GB18030 (a superset of GBK and GB2312), common for Chinese lyrics files.
    case gb18030
    /// Bytes that fit no known encoding, decoded as UTF-8 with U+FFFD replacements.
    case lossyUTF8
}

/// Turns the bytes of a small text file into a String, detecting the encoding:
/// a BOM (UTF-8, UTF-16 LE/BE) wins; BOM-less UTF-16 is recognised by its NUL bytes; valid UTF-8 is UTF-8;
/// anything else is tried as GB18030 (strictly) and, failing that, decoded lossily — never a crash.
public enum TextDecoding {
    public static func decode(_ bytes: [UInt8]) -> (text: String, encoding: TextEncoding) {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            return (String(decoding: bytes.dropFirst(3), as: UTF8.self), .utf8WithBOM)
        }
        if bytes.starts(with: [0xFF, 0xFE]) {
            return (decodeUTF16(bytes.dropFirst(2), bigEndian: false), .utf16LittleEndian)
        }
        if bytes.starts(with: [0xFE, 0xFF]) {
            return (decodeUTF16(bytes.dropFirst(2), bigEndian: true), .utf16BigEndian)
        }
        if let bigEndian = looksLikeBOMlessUTF16(bytes) {
            return (decodeUTF16(bytes[...], bigEndian: bigEndian), bigEndian ? .utf16BigEndian : .utf16LittleEndian)
        }
        if let s = String(validating: bytes, as: UTF8.self) { return (s, .utf8) }
        if let s = decodeGB18030(bytes) { return (s, .gb18030) }
        return (String(decoding: bytes, as: UTF8.self), .lossyUTF8)
    }

    /// Decodes UTF-16 that starts with a BOM; nil when there is none.
    public static func decodeUTF16(_ bytes: [UInt8]) -> String? {
        if bytes.starts(with: [0xFF, 0xFE]) { return decodeUTF16(bytes.dropFirst(2), bigEndian: false) }
        if bytes.starts(with: [0xFE, 0xFF]) { return decodeUTF16(bytes.dropFirst(2), bigEndian: true) }
        return nil
    }

    /// Decodes UTF-16 code units (an odd trailing byte is dropped; lone surrogates become U+FFFD).
    public static func decodeUTF16(_ bytes: ArraySlice<UInt8>, bigEndian: Bool) -> String {
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var i = bytes.startIndex
        while i + 1 < bytes.endIndex {
            let a = UInt16(bytes[i]), b = UInt16(bytes[i + 1])
            units.append(bigEndian ? a << 8 | b : b << 8 | a)
            i += 2
        }
        return String(decoding: units, as: UTF16.self)
    }

    /// Strict GB18030 → String through iconv; nil on an invalid or truncated sequence.
    public static func decodeGB18030(_ bytes: [UInt8]) -> String? {
        guard let cd = iconv_open("UTF-8", "GB18030"), cd != UnsafeMutableRawPointer(bitPattern: -1) else { return nil }
        defer { iconv_close(cd) }
        if bytes.isEmpty { return "" }
        var input = bytes.map { CChar(bitPattern: $0) }
        // One GB18030 byte never needs more than 3 bytes of UTF-8 (a 4-byte sequence gives at most 4).
        var output = [CChar](repeating: 0, count: bytes.count * 3 + 16)
        let outCapacity = output.count
        let produced: Int? = input.withUnsafeMutableBufferPointer { inBuf in
            output.withUnsafeMutableBufferPointer { outBuf in
                var inPtr: UnsafeMutablePointer<CChar>? = inBuf.baseAddress
                var outPtr: UnsafeMutablePointer<CChar>? = outBuf.baseAddress
                var inLeft = inBuf.count, outLeft = outCapacity
                let r = iconv(cd, &inPtr, &inLeft, &outPtr, &outLeft)
                // (size_t)-1 is EILSEQ/EINVAL/E2BIG: all mean "not GB18030" for our purpose.
                guard r != -1, inLeft == 0 else { return nil }
                return outCapacity - outLeft
            }
        }
        guard let produced else { return nil }
        return String(validating: output[..<produced].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// BOM-less UTF-16 of mostly ASCII text has a NUL in every other byte. Returns the endianness, or nil.
    static func looksLikeBOMlessUTF16(_ bytes: [UInt8]) -> Bool? {
        guard bytes.count >= 4, bytes.count % 2 == 0 else { return nil }
        let sample = bytes.prefix(512)
        var evenNUL = 0, oddNUL = 0
        for (i, b) in sample.enumerated() where b == 0 {
            if i % 2 == 0 { evenNUL += 1 } else { oddNUL += 1 }
        }
        let pairs = sample.count / 2
        if oddNUL * 10 >= pairs * 7 && evenNUL == 0 { return false }
        if evenNUL * 10 >= pairs * 7 && oddNUL == 0 { return true }
        return nil
    }
}
