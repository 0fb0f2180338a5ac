/// Whitespace trimming shared by the text parsers (LRC, M3U, PLS); the standard library has none without Foundation.
extension StringProtocol {
    /// The text without leading/trailing spaces and tabs (and stray CR).
    func trimmingWhitespace() -> Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\u{FEFF}" }
        let s = self[...]
        guard let start = s.firstIndex(where: { !isSpace($0) }) else { return "" }
        let end = s.lastIndex(where: { !isSpace($0) })!
        return Substring(s[start...end])
    }
}
