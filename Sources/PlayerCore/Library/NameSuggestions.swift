/// Ranks library names as suggestions for a filter value that matched nothing exactly ("sigur" → "Sigur Rós"):
/// folded prefix matches first, then folded substring matches, then names within a small edit distance. Pure;
/// the candidates come from the database (`likeProbes` says which to fetch, so the work stays bounded).
public enum NameSuggestions {
    /// The best `limit` of `candidates` for `value` (each name once, by folded form), best first.
    public static func rank(_ value: String, _ candidates: [String], limit: Int = 3) -> [String] {
        let query = TextFolding.fold(value)
        guard !query.isEmpty else { return [] }
        let bound = maxDistance(query)
        var scored: [(rank: Int, distance: Int, key: String, name: String)] = []
        var seen: Set<String> = []
        for name in candidates {
            let key = TextFolding.fold(name)
            guard !key.isEmpty, key != query, seen.insert(key).inserted else { continue }
            if key.hasPrefix(query) {
                scored.append((0, key.count - query.count, key, name))
            } else if key.contains(query) {
                scored.append((1, key.count - query.count, key, name))
            } else if let d = editDistance(query, key, bound: bound) {
                scored.append((2, d, key, name))
            }
        }
        scored.sort { ($0.rank, $0.distance, $0.key) < ($1.rank, $1.distance, $1.key) }
        return scored.prefix(max(0, limit)).map(\.name)
    }

    /// How many edits a suggestion may be away: one for short values, at most three.
    public static func maxDistance(_ folded: String) -> Int {
        let n = folded.unicodeScalars.count
        return n <= 4 ? 1 : n <= 8 ? 2 : 3
    }

    /// Levenshtein distance over Unicode scalars, or nil once it must exceed `bound` (work O(len × bound)).
    public static func editDistance(_ a: String, _ b: String, bound: Int) -> Int? {
        let x = Array(a.unicodeScalars), y = Array(b.unicodeScalars)
        guard abs(x.count - y.count) <= bound else { return nil }
        let big = bound + 1
        var previous = Array(0...y.count).map { min($0, big) }
        var current = [Int](repeating: big, count: y.count + 1)
        for i in 1...max(1, x.count) where !x.isEmpty {
            current[0] = min(i, big)
            // Only the diagonal band |i - j| <= bound can stay within the bound.
            let lo = max(1, i - bound), hi = min(y.count, i + bound)
            if lo > 1 { current[lo - 1] = big }
            var rowMin = current[0]
            if lo <= hi {
                for j in lo...hi {
                    let substitution = previous[j - 1] + (x[i - 1] == y[j - 1] ? 0 : 1)
                    current[j] = min(big, substitution, previous[j] + 1, current[j - 1] + 1)
                    rowMin = min(rowMin, current[j])
                }
            }
            if hi < y.count { current[hi + 1] = big }
            if rowMin > bound { return nil }
            swap(&previous, &current)
        }
        let d = previous[y.count]
        return d <= bound ? d : nil
    }

    /// SQL LIKE patterns (escape character `\`) naming the candidates worth ranking by edit distance. For a long
    /// value: bound + 1 of its three-letter pieces that do not overlap; one edit breaks at most one of them, so
    /// every name within the bound contains a piece whole. For a short value (too few pieces): the names that
    /// start with its first letter or end with its last, the likely misspellings (a heuristic, not exhaustive).
    public static func likeProbes(_ folded: String) -> [String] {
        let s = Array(folded.unicodeScalars)
        guard !s.isEmpty else { return [] }
        let bound = maxDistance(folded)
        if s.count >= 3 * (bound + 1) {
            return (0...bound).map { k in
                "%" + escapeLike(String(String.UnicodeScalarView(s[(3 * k)..<(3 * k + 3)]))) + "%"
            }
        }
        let first = escapeLike(String(s[0])), last = escapeLike(String(s[s.count - 1]))
        return [first + "%", "%" + last]
    }

    /// `text` with LIKE's wildcards (and the escape character) escaped by `\`.
    public static func escapeLike(_ text: String) -> String {
        var out = ""
        for c in text {
            if c == "%" || c == "_" || c == "\\" { out.append("\\") }
            out.append(c)
        }
        return out
    }
}
