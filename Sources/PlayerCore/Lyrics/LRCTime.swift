/// The time stamps of LRC: `mm:ss`, `mm:ss.f`, `mm:ss.ff`, `mm:ss.fff`, `mm:ss:ff` (centiseconds after a colon).
enum LRCTime {
    /// Microseconds, or nil when `s` is not a valid stamp. Minutes may have up to 5 digits; seconds must be < 60.
    static func parse(_ s: Substring) -> Int64? {
        let parts = s.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3 else { return nil }
        guard let minutes = number(parts[0], maxDigits: 5) else { return nil }
        var secondsPart = parts[1]
        var fraction: Substring = ""
        if parts.count == 3 {
            fraction = parts[2]
            guard !fraction.isEmpty, !fraction.contains(".") else { return nil }
        } else if let dot = secondsPart.firstIndex(of: ".") {
            fraction = secondsPart[secondsPart.index(after: dot)...]
            secondsPart = secondsPart[..<dot]
            guard !fraction.isEmpty else { return nil }
        }
        guard let seconds = number(secondsPart, maxDigits: 2), seconds < 60 else { return nil }
        var fractionUs: Int64 = 0
        if !fraction.isEmpty {
            guard let f = number(fraction, maxDigits: 3) else { return nil }
            // 1 digit = tenths, 2 = hundredths, 3 = milliseconds.
            fractionUs = f * [100_000, 10_000, 1_000][fraction.count - 1]
        }
        return (minutes * 60 + seconds) * 1_000_000 + fractionUs
    }

    /// Whether `s` was probably meant as a time stamp (starts with a digit and has a colon): used to report
    /// `[00:1x.00]` as a bad stamp instead of treating it as text.
    static func looksLikeTime(_ s: Substring) -> Bool {
        guard let first = s.first, first.isASCII, first.isNumber || first == "-" else { return false }
        return s.contains(":")
    }

    private static func number(_ s: Substring, maxDigits: Int) -> Int64? {
        guard !s.isEmpty, s.count <= maxDigits, s.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int64(s)
    }
}
