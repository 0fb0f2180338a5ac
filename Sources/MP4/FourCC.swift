/// A four-character code naming an MP4 box or codec ("moov", "mp4a", "©nam"): four bytes, compared as one number.
public struct FourCC: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
    public let value: UInt32

    public init(_ value: UInt32) { self.value = value }

    public init(bytes b: ArraySlice<UInt8>) {
        value = b.prefix(4).reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// From a literal of four characters, each U+0000…U+00FF ("©" is the byte 0xA9, as in iTunes' atoms).
    public init(stringLiteral s: String) {
        let scalars = Array(s.unicodeScalars)
        precondition(scalars.count == 4 && scalars.allSatisfy { $0.value < 256 }, "not a four-character code: \(s)")
        value = scalars.reduce(0) { $0 << 8 | $1.value }
    }

    /// The four bytes read as Latin-1, so "©nam" prints as written.
    public var description: String {
        String((0..<4).reversed().map { Character(Unicode.Scalar(UInt8(truncatingIfNeeded: value >> ($0 * 8)))) })
    }
}
