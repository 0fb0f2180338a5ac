/// "Natural" ordering of names, as file managers show them: case-insensitive, runs of ASCII digits compared
/// by numeric value ("2 x" < "10 x", "track 007" == "track 7" in value), any length of number.
/// Ties (equal ignoring case and leading zeros) fall back to fewer leading zeros first, then to plain
/// code-point order, so the order is total and sorting is deterministic.
public enum NaturalOrder {
    /// True when `a` sorts before `b`.
    public static func areInIncreasingOrder(_ a: String, _ b: String) -> Bool {
        compare(a, b) < 0
    }

    /// Sorts strings naturally (each name is lowercased once, not once per comparison).
    public static func sorted(_ names: [String]) -> [String] {
        names.map { (key: Array($0.lowercased().unicodeScalars), name: $0) }
            .sorted { compare($0.key, $1.key, $0.name, $1.name) < 0 }
            .map(\.name)
    }

    /// -1, 0 or 1 as `a` sorts before, equal to, or after `b`.
    public static func compare(_ a: String, _ b: String) -> Int {
        compare(Array(a.lowercased().unicodeScalars), Array(b.lowercased().unicodeScalars), a, b)
    }

    private static func compare(_ x: [Unicode.Scalar], _ y: [Unicode.Scalar], _ a: String, _ b: String) -> Int {
        var i = 0, j = 0
        var zeroTieBreak = 0
        while i < x.count && j < y.count {
            if isDigit(x[i]) && isDigit(y[j]) {
                let si = i, sj = j
                while i < x.count && x[i] == "0" { i += 1 }
                while j < y.count && y[j] == "0" { j += 1 }
                let zi = i - si, zj = j - sj
                let di = i, dj = j
                while i < x.count && isDigit(x[i]) { i += 1 }
                while j < y.count && isDigit(y[j]) { j += 1 }
                // More significant digits means a larger number.
                if i - di != j - dj { return i - di < j - dj ? -1 : 1 }
                for k in 0..<(i - di) where x[di + k] != y[dj + k] {
                    return x[di + k].value < y[dj + k].value ? -1 : 1
                }
                if zeroTieBreak == 0 && zi != zj { zeroTieBreak = zi < zj ? -1 : 1 }
            } else {
                if x[i] != y[j] { return x[i].value < y[j].value ? -1 : 1 }
                i += 1; j += 1
            }
        }
        if i < x.count { return 1 }
        if j < y.count { return -1 }
        if zeroTieBreak != 0 { return zeroTieBreak }
        return a == b ? 0 : (a < b ? -1 : 1)
    }

    private static func isDigit(_ s: Unicode.Scalar) -> Bool { s >= "0" && s <= "9" }
}
