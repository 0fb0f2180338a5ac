/// MusicBrainz identifiers as found in tags: only well-formed ones are kept (a UUID, 8-4-4-4-12 hex digits,
/// lowercased), since the services refuse a listen carrying a malformed one. Several in one value (ID3v2.3 joins
/// them with "/", some taggers with ";" or ",") are split.
public enum MusicBrainzID {
    /// The id in `text` (surrounding spaces trimmed, lowercased), nil when it is not one.
    public static func normalized(_ text: String) -> String? {
        let t = text.lowercased().filter { $0 != " " }
        let bytes = Array(t.utf8)
        guard bytes.count == 36 else { return nil }
        for (i, b) in bytes.enumerated() {
            if i == 8 || i == 13 || i == 18 || i == 23 {
                guard b == UInt8(ascii: "-") else { return nil }
            } else {
                guard
                    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b)
                        || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(b)
                else { return nil }
            }
        }
        return t
    }

    /// Every well-formed id in `values`, in order, once each.
    public static func list(_ values: [String]) -> [String] {
        var out: [String] = []
        for v in values {
            for part in v.split(whereSeparator: { $0 == "/" || $0 == ";" || $0 == "," || $0 == "\0" }) {
                if let id = normalized(String(part)), !out.contains(id) { out.append(id) }
            }
        }
        return out
    }

    /// The first well-formed id in `values`.
    public static func first(_ values: [String]) -> String? { list(values).first }
}
