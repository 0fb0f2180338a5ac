import LinnetCLI

/// MPRIS metadata (xesam/mpris keys) as Snapcast's stream metadata (`title`, `artist`, `duration` in seconds,
/// `artUrl`/`artData`, …), with the types snapserver reads them as: lists of strings stay lists (one string
/// becomes a list of one), counts that snapserver keeps in 16 bits are left out when they do not fit.
public enum SnapcastMetadata {
    /// Snapcast name, MPRIS key, type.
    static let fields: [(String, String, Field)] = [
        ("trackId", "mpris:trackid", .text),
        ("url", "xesam:url", .text),
        ("title", "xesam:title", .text),
        ("artist", "xesam:artist", .texts),
        ("album", "xesam:album", .text),
        ("albumArtist", "xesam:albumArtist", .texts),
        ("genre", "xesam:genre", .texts),
        ("composer", "xesam:composer", .texts),
        ("lyricist", "xesam:lyricist", .texts),
        ("comment", "xesam:comment", .texts),
        ("contentCreated", "xesam:contentCreated", .text),
        ("firstUsed", "xesam:firstUsed", .text),
        ("lastUsed", "xesam:lastUsed", .text),
        ("lyrics", "xesam:asText", .text),
        ("trackNumber", "xesam:trackNumber", .count16),
        ("discNumber", "xesam:discNumber", .count16),
        ("useCount", "xesam:useCount", .count16),
        ("bpm", "xesam:audioBPM", .count16),
        ("userRating", "xesam:userRating", .number),
        ("autoRating", "xesam:autoRating", .number)
    ]

    enum Field { case text, texts, count16, number }

    /// The metadata object; `art` is the track's picture when it is sent as data (a remote `mpris:artUrl` is passed
    /// on as `artUrl` by itself). A track without a title is shown by its file name, as `linnet status` does.
    public static func json(_ metadata: TrackMetadata, art: ArtData?) -> JSONValue {
        var out: [(String, JSONValue)] = []
        for (name, key, field) in fields {
            guard let value = metadata.entries[key], let mapped = map(value, as: field) else { continue }
            out.append((name, mapped))
        }
        if metadata.title?.isEmpty ?? true, let shown = metadata.displayTitle {
            out.removeAll { $0.0 == "title" }
            out.append(("title", .string(shown)))
        }
        if let us = metadata.lengthMicroseconds, us > 0 {
            out.append(("duration", .number(Double(us) / 1_000_000)))
        }
        if case .remote(let url) = CoverArtSource.of(artURL: metadata.artURL) {
            out.append(("artUrl", .string(url)))
        } else if let art {
            out.append(("artData", .object([("data", .string(art.base64)), ("extension", .string(art.kind.rawValue))])))
        }
        return .object(out)
    }

    private static func map(_ value: JSONValue, as field: Field) -> JSONValue? {
        switch (field, value) {
        case (.text, .string): return value
        case (.text, .array(let items)): return items.first.flatMap { map($0, as: .text) }
        case (.texts, .string): return .array([value])
        case (.texts, .array(let items)):
            let strings = items.filter { if case .string = $0 { true } else { false } }
            return strings.isEmpty ? nil : .array(strings)
        case (.count16, _):
            guard let n = value.wholeNumber, n >= 0, n <= 65535 else { return nil }
            return .integer(n)
        case (.number, _): return value.finiteNumber.map(JSONValue.number)
        default: return nil
        }
    }
}
