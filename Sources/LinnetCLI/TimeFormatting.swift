/// Human and script-friendly renderings of times and numbers (no Foundation formatters in Sources).
public enum TimeFormatting {
    /// `m:ss` below an hour, `h:mm:ss` from an hour on; negative values clamp to 0; nil gives `-:--`.
    public static func clock(microseconds: Int64?) -> String {
        guard let us = microseconds else { return "-:--" }
        let total = max(0, us) / 1_000_000
        let h = total / 3600, m = (total / 60) % 60, s = total % 60
        return h > 0 ? "\(h):\(pad2(m)):\(pad2(s))" : "\(m):\(pad2(s))"
    }

    /// `value` with exactly `decimals` digits after the point, rounded half away from zero: `12.346`.
    public static func fixed(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
        var scale: Int64 = 1
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (abs(value) * Double(scale)).rounded(.toNearestOrAwayFromZero)
        guard scaled < 9e17 else { return String(value) }
        let n = Int64(scaled)
        let sign = value < 0 && n != 0 ? "-" : ""
        guard decimals > 0 else { return sign + String(n) }
        var frac = String(n % scale)
        while frac.count < decimals { frac = "0" + frac }
        return "\(sign)\(n / scale).\(frac)"
    }

    /// Like `fixed`, without trailing zeros or a bare point: `0.5`, `1`, `0.333`.
    public static func trimmed(_ value: Double, maxDecimals: Int) -> String {
        var text = fixed(value, decimals: maxDecimals)
        guard text.contains(".") else { return text }
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }

    /// Microseconds as seconds with three decimals: `12.345`.
    public static func seconds(microseconds: Int64) -> String {
        fixed(Double(microseconds) / 1_000_000, decimals: 3)
    }

    /// Parses a number of seconds (`12`, `1.5`, `+10`, `-2.5`) into microseconds; nil when malformed/out of range.
    public static func parseSeconds(_ text: String) -> Int64? {
        let body = text.hasPrefix("+") ? String(text.dropFirst()) : text
        guard !body.isEmpty, body.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || $0 == "-") }),
            let value = Double(body), value.isFinite, abs(value) < 9e12
        else { return nil }
        return Int64((value * 1_000_000).rounded())
    }

    private static func pad2(_ v: Int64) -> String { v < 10 ? "0\(v)" : "\(v)" }
}
