/// Pure helpers turning raw tag bytes and strings into clean values.
enum TagText {
    /// Decodes tag bytes of unknown encoding: UTF-8 when valid, else Latin-1 (what ID3v1, RIFF INFO and AIFF
    /// text usually are). Stops at the first NUL, trims spaces; nil when nothing is left.
    static func string(from bytes: some Collection<UInt8>) -> String? {
        let content = bytes.prefix { $0 != 0 }
        let text =
            String(validating: content, as: UTF8.self)
            ?? String(String.UnicodeScalarView(content.map { Unicode.Scalar($0) }))
        return trimmed(text)
    }

    /// A yes/no tag value ("1", "0", "true", "yes"); nil when it is neither.
    static func flag(_ s: String) -> Bool? {
        switch s.lowercased() {
        case "1", "true", "yes": return true
        case "0", "false", "no": return false
        default: return nil
        }
    }

    /// Trims surrounding whitespace; nil when empty. Works on scalars and returns `s` itself when there is nothing
    /// to trim (the common case): a library scan calls this for every tag of every file.
    static func trimmed(_ s: String) -> String? {
        let scalars = s.unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return nil }
        if first == scalars.startIndex && scalars.index(after: last) == scalars.endIndex { return s }
        return String(scalars[first...last])
    }

    /// Parses "3", "3/12", " 03 / 12 " into (3, 12); parts that are not numbers become nil.
    static func numberPair(_ s: String) -> (number: Int?, count: Int?) {
        let parts = s.split(separator: "/", maxSplits: 1).map { $0.filter { !$0.isWhitespace } }
        let number = parts.first.flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil }
        let count = parts.count > 1 ? Int(parts[1]).flatMap { $0 > 0 ? $0 : nil } : nil
        return (number, count)
    }

    /// All genres in one ID3 genre string: the v2.3 forms "(17)(18)" and "(17)Rock" (the text refines the numbers,
    /// so it replaces them), "((" escaping a literal "(", plain "17", and v2.4's "RX" (Remix) / "CR" (Cover).
    static func genres(_ s: String) -> [String] {
        guard let t = trimmed(s) else { return [] }
        if t == "RX" { return ["Remix"] }
        if t == "CR" { return ["Cover"] }
        var rest = Substring(t)
        var numbered: [String] = []
        while rest.hasPrefix("("), !rest.hasPrefix("(("), let close = rest.firstIndex(of: ")") {
            let inner = rest[rest.index(after: rest.startIndex)..<close]
            if inner == "RX" {
                numbered.append("Remix")
            } else if inner == "CR" {
                numbered.append("Cover")
            } else if let n = Int(inner), n >= 0, n < id3v1Genres.count {
                numbered.append(id3v1Genres[n])
            } else if Int(inner) == nil {
                break
            }  // "(live) version": text, not a genre reference
            rest = rest[rest.index(after: close)...]
        }
        if rest.hasPrefix("((") { rest = rest.dropFirst() }
        if let text = trimmed(String(rest)) {
            if numbered.isEmpty, let n = Int(text) { return n >= 0 && n < id3v1Genres.count ? [id3v1Genres[n]] : [] }
            return [text]
        }
        return numbered
    }

    /// Resolves an ID3 genre: "(17)", "17" and "(17)Rock" forms become names from the ID3v1 table; text stays.
    static func genre(_ s: String) -> String? {
        guard let t = trimmed(s) else { return nil }
        var rest = Substring(t)
        if rest.hasPrefix("("), let close = rest.firstIndex(of: ")") {
            let inner = rest[rest.index(after: rest.startIndex)..<close]
            let after = rest[rest.index(after: close)...]
            if let text = trimmed(String(after)) { return text }  // "(17)Rock": the refinement wins
            rest = inner
        }
        if let n = Int(rest) { return n >= 0 && n < id3v1Genres.count ? id3v1Genres[n] : nil }
        return String(rest)
    }
}
