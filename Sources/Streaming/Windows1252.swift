/// Windows-1252, the legacy encoding most stations that do not send UTF-8 use: Latin-1 except 0x80–0x9F, which
/// hold € ‚ ƒ „ … † ‡ ˆ ‰ Š ‹ Œ Ž ‘ ’ “ ” • – — ˜ ™ š › œ ž Ÿ. The five bytes it leaves undefined (0x81, 0x8D,
/// 0x8F, 0x90, 0x9D) are dropped rather than shown as something they are not.
enum Windows1252 {
    /// The characters of 0x80…0x9F (0: undefined).
    private static let high: [UInt32] = [
        0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0,
        0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E,
        0x0178
    ]

    /// Decodes every byte; never fails.
    static func decode<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> String {
        var scalars = String.UnicodeScalarView()
        for b in bytes {
            if b >= 0x80 && b < 0xA0 {
                if let s = Unicode.Scalar(high[Int(b - 0x80)]), s.value != 0 { scalars.append(s) }
            } else {
                scalars.append(Unicode.Scalar(b))
            }
        }
        return String(scalars)
    }
}
