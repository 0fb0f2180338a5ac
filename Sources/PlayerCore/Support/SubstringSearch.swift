/// `contains(_:)` for text, defined here so PlayerCore does not call `_StringProcessing`'s.
///
/// One call into `_StringProcessing` links that whole library — and the regex parser it needs — into the daemon:
/// ~0.9 MB of code in a `--static-swift-stdlib` build (idle RSS −0.3 MB), two more shared libraries otherwise.
extension StringProtocol {
    func contains(_ other: String) -> Bool { SubstringSearch.contains(self, other) }
}

/// Same semantics as `_StringProcessing`'s `contains`: Characters compared with `==` (canonical equivalence),
/// the empty string is contained in every string.
enum SubstringSearch {
    static func contains<S: StringProtocol>(_ text: S, _ other: String) -> Bool {
        if other.isEmpty { return true }
        var start = text.startIndex
        while start != text.endIndex {
            if text[start...].starts(with: other) { return true }
            start = text.index(after: start)
        }
        return false
    }
}
