/// A text progress bar: `[=========>----------]`.
public enum ProgressBar {
    /// A bar `width` cells wide inside brackets (so `width + 2` characters). Unknown fraction: all dashes.
    public static func render(fraction: Double?, width: Int) -> String {
        let cells = max(1, width)
        guard let fraction, fraction.isFinite else { return "[" + String(repeating: "-", count: cells) + "]" }
        let f = min(1, max(0, fraction))
        let filled = Int((f * Double(cells)).rounded(.down))
        if filled >= cells { return "[" + String(repeating: "=", count: cells) + "]" }
        return "[" + String(repeating: "=", count: filled) + ">" + String(repeating: "-", count: cells - filled - 1)
            + "]"
    }

    /// Position over length, or nil when the length is unknown or zero.
    public static func fraction(positionMicroseconds: Int64?, lengthMicroseconds: Int64?) -> Double? {
        guard let p = positionMicroseconds, let l = lengthMicroseconds, l > 0 else { return nil }
        return Double(p) / Double(l)
    }
}
