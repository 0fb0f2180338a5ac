/// How the bytes of an ICY metadata block become text, and when a title is noise rather than text.
///
/// Decoding: UTF-8 when the bytes are valid UTF-8, else Windows-1252 (what stations that predate UTF-8 send).
///
/// The noise rule, applied to the decoded `StreamTitle` (spaces at the ends ignored): a title is dropped when
/// 1. it has no letter and no digit (`'...'`, `'-'`, punctuation or symbols only), or
/// 2. more than a quarter of its characters are controls, U+FFFD, private-use or unassigned code points
///    (what bytes that are not text turn into), or
/// 3. it was read as Windows-1252 and more than half of its characters are not printable ASCII (space to `~`):
///    legacy text is mostly ASCII with a few accented letters, while binary bytes read that way give runs like
///    "ÿþÃ(.hÿþy" (and text in another code page would only be shown garbled).
enum IcyTitleText {
    /// The text of `bytes`, and whether it was read as Windows-1252.
    static func decode<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> (text: String, legacy: Bool) {
        if let utf8 = String(validating: bytes, as: UTF8.self) { return (utf8, false) }
        return (Windows1252.decode(bytes), true)
    }

    /// True when `title` (decoded as `legacy` says) is not something to show; see the rule above.
    static func isNoise(_ title: String, legacy: Bool) -> Bool {
        let scalars = Array(title.trimmingCharacters(in: " ").unicodeScalars)
        guard !scalars.isEmpty else { return false }  // an empty title clears the title; not noise
        guard scalars.contains(where: { $0.properties.isAlphabetic || $0.properties.numericType != nil }) else {
            return true
        }
        let junk = scalars.count(where: isJunk)
        if junk * 4 > scalars.count { return true }
        if legacy, scalars.count(where: { $0.value < 0x20 || $0.value > 0x7E }) * 2 > scalars.count { return true }
        return false
    }

    private static func isJunk(_ s: Unicode.Scalar) -> Bool {
        if s.value == 0xFFFD { return true }
        switch s.properties.generalCategory {
        case .control, .privateUse, .unassigned, .surrogate: return true
        default: return false
        }
    }
}
