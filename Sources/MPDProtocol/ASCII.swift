/// Whether `a` and `b` are equal when ASCII letters are compared without case (MPD's StringEqualsCaseASCII).
func asciiCaseInsensitiveEqual(_ a: String, _ b: String) -> Bool {
    a.utf8.count == b.utf8.count && zip(a.utf8, b.utf8).allSatisfy { asciiLower($0) == asciiLower($1) }
}

/// `byte` lower-cased if it is an ASCII capital letter.
func asciiLower(_ byte: UInt8) -> UInt8 {
    byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
}

/// Whether `byte` is an ASCII letter.
func isASCIILetter(_ byte: UInt8) -> Bool {
    let lower = byte | 0x20
    return lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z")
}

/// Whether `byte` is an ASCII digit.
func isASCIIDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
}

/// Whether `byte` separates tokens: MPD counts every byte up to 0x20 as white space (so a CRLF line works).
func isProtocolSpace(_ byte: UInt8) -> Bool {
    byte <= 0x20
}

/// At most the first `limit` bytes of `text`, cut on a character boundary, for quoting input in messages.
func excerpt(_ text: some Collection<UInt8>, limit: Int = 64) -> String {
    var bytes = Array(text.prefix(limit))
    if text.count > limit {
        while let last = bytes.last, last & 0xC0 == 0x80 { bytes.removeLast() }
        if let last = bytes.last, last >= 0xC0 { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self) + "…"
    }
    return String(decoding: bytes, as: UTF8.self)
}
