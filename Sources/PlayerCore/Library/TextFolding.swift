/// Folds text for case-, accent- and width-insensitive matching and grouping: `Björk`, `BJORK` and `bjork` fold
/// alike, as do full-width `ＡＢＣ` and `abc`, half-width and full-width katakana.
///
/// Built on the Unicode data the standard library carries: letters "X WITH <mark>" (by their Unicode names) fold to
/// X, combining marks are dropped, FULLWIDTH/HALFWIDTH forms fold to their ordinary forms, then lower-casing.
/// CJK ideographs pass through unchanged, so matching them is plain substring search.
public enum TextFolding {
    /// The folded form of `text` (also trims and collapses runs of white space to one space).
    public static func fold(_ text: String) -> String {
        foldASCII(text) ?? foldScalars(text)
    }

    /// `fold`'s UTF-8 bytes, without making a String of them for ASCII text (MPD's search compares bytes).
    public static func foldUTF8(_ text: String) -> [UInt8] {
        foldASCIIBytes(text) ?? Array(foldScalars(text).utf8)
    }

    /// `fold` scalar by scalar, for any text.
    static func foldScalars(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if scalar.isASCII {
                let v = scalar.value
                if v == 0x20 || v == 0x09 || v == 0x0A || v == 0x0D {
                    pendingSpace = !out.isEmpty
                    continue
                }
                if pendingSpace { out.append(" "); pendingSpace = false }
                out.append(v >= 0x41 && v <= 0x5A ? Unicode.Scalar(UInt8(truncatingIfNeeded: v + 0x20)) : scalar)
                continue
            }
            if Self.foldsToItself(scalar.value) {
                if pendingSpace { out.append(" "); pendingSpace = false }
                out.append(scalar)
                continue
            }
            let properties = scalar.properties
            if properties.isWhitespace { pendingSpace = !out.isEmpty; continue }
            if properties.generalCategory == .nonspacingMark || properties.generalCategory == .enclosingMark {
                continue
            }
            let base = Table.shared.base[scalar.value].map { $0 } ?? [scalar]
            for b in base {
                for lower in b.properties.lowercaseMapping.unicodeScalars {
                    let lp = lower.properties.generalCategory
                    if lp == .nonspacingMark { continue }  // İ lowercases to i + combining dot
                    if pendingSpace { out.append(" "); pendingSpace = false }
                    if let again = Table.shared.base[lower.value] {
                        out.append(contentsOf: again)
                    } else {
                        out.append(lower)
                    }
                }
            }
        }
        return String(out)
    }

    /// CJK ideographs and Hangul syllables: no case, no marks, no width forms, so they fold to themselves without
    /// the Unicode property lookups (several hundred instructions a scalar); tested against those lookups.
    static func foldsToItself(_ v: UInt32) -> Bool {
        (0x4E00...0x9FFF).contains(v) || (0x3400...0x4DBF).contains(v) || (0xAC00...0xD7A3).contains(v)
    }

    /// `fold` of an all-ASCII text by bytes (the same rules as the scalar loop's ASCII branch), nil for any other
    /// text: most tags are ASCII, and a scan folds every title, name and search text (~90k instructions a file
    /// through the scalar view).
    static func foldASCII(_ text: String) -> String? {
        foldASCIIBytes(text).map { String(decoding: $0, as: UTF8.self) }
    }

    /// `foldASCII`'s bytes.
    static func foldASCIIBytes(_ text: String) -> [UInt8]? {
        var text = text
        return text.withUTF8 { bytes -> [UInt8]? in
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count)
            var pendingSpace = false
            for v in bytes {
                if v >= 0x80 { return nil }
                if v == 0x20 || v == 0x09 || v == 0x0A || v == 0x0D {
                    pendingSpace = !out.isEmpty
                    continue
                }
                if pendingSpace { out.append(0x20); pendingSpace = false }
                out.append(v >= 0x41 && v <= 0x5A ? v + 0x20 : v)
            }
            return out
        }
    }

    /// The scalar mappings derived from Unicode names, built once.
    final class Table: Sendable {
        static let shared = Table()
        let base: [UInt32: [Unicode.Scalar]]

        private init() {
            // Ranges whose letters are looked up by name: ASCII letters, Latin, Greek, Cyrillic, kana, CJK symbols.
            let named: [ClosedRange<UInt32>] = [
                0x20...0x7E, 0xA0...0x24F, 0x370...0x3FF, 0x400...0x4FF,
                0x1E00...0x1EFF, 0x1F00...0x1FFF, 0x3000...0x30FF
            ]
            var byName: [String: Unicode.Scalar] = [:]
            for range in named {
                for v in range {
                    guard let s = Unicode.Scalar(v), let name = s.properties.name, !name.contains(" WITH ") else {
                        continue
                    }
                    byName[name] = s
                }
            }
            var base: [UInt32: [Unicode.Scalar]] = [:]
            // "X WITH …" → X (precomposed accented letters, Greek tonos and breathings).
            for range in named {
                for v in range {
                    guard let s = Unicode.Scalar(v), let name = s.properties.name,
                        let with = name.firstRange(of: " WITH ")
                    else { continue }
                    if let b = byName[String(name[..<with.lowerBound])] { base[v] = [b] }
                }
            }
            // FULLWIDTH/HALFWIDTH forms → the ordinary character of the same name.
            for v in UInt32(0xFF00)...0xFFEF {
                guard let s = Unicode.Scalar(v), let name = s.properties.name else { continue }
                for prefix in ["FULLWIDTH ", "HALFWIDTH "] where name.hasPrefix(prefix) {
                    if let b = byName[String(name.dropFirst(prefix.count))] { base[v] = [b] }
                }
            }
            base[0x3000] = [" "]  // ideographic space
            base[0xDF] = ["s", "s"]  // ß
            base[0x1E9E] = ["s", "s"]  // ẞ
            base[0xC6] = ["a", "e"]; base[0xE6] = ["a", "e"]
            base[0x152] = ["o", "e"]; base[0x153] = ["o", "e"]
            base[0x131] = ["i"]  // dotless i
            base[0x2019] = ["'"]; base[0x2018] = ["'"]  // typographic apostrophes
            base[0x201C] = ["\""]; base[0x201D] = ["\""]
            base[0x2010] = ["-"]; base[0x2013] = ["-"]; base[0x2014] = ["-"]
            self.base = base
        }
    }
}
