/// A `--format` template: literal text with `{{field}}` placeholders (playerctl-like), parsed once, rendered per
/// snapshot. Unknown fields are a usage error at parse time, so typos do not print silently empty output.
public struct FormatTemplate: Sendable, Equatable {
    /// One piece of a template.
    public enum Part: Sendable, Equatable {
        case literal(String)
        case field(String)
    }

    public let parts: [Part]

    /// The short fields and what they print (shown by `linnet status --help`).
    public static let fields: [(name: String, meaning: String)] = [
        ("status", "Playing, Paused or Stopped"),
        ("title", "the title (the file name when the track has none)"),
        ("artist", "the artists, joined with \", \""),
        ("album", "the album"),
        ("position", "the position as m:ss"),
        ("length", "the length as m:ss"),
        ("position_us", "the position in microseconds"),
        ("length_us", "the length in microseconds"),
        ("volume", "the volume, 0 to 1"),
        ("loop", "None, Track or Playlist"),
        ("shuffle", "true or false"),
        ("trackid", "the MPRIS track id"),
        ("url", "the track's URL"),
        ("player", "the player's name, as --player takes it")
    ]

    /// Parses `text`; throws for an unclosed `{{`, an empty field, or an unknown field name. Any metadata key
    /// with a namespace (`xesam:genre`, `mpris:artUrl`) is a field too.
    public init(parsing text: String) throws(UsageError) {
        var parts: [Part] = []
        var literal = ""
        var rest = Substring(text)
        while let open = rest.firstRange(of: "{{") {
            literal += rest[..<open.lowerBound]
            let afterOpen = rest[open.upperBound...]
            guard let close = afterOpen.firstRange(of: "}}") else {
                throw UsageError("--format: '{{' without a closing '}}'", command: "status")
            }
            let name = String(afterOpen[..<close.lowerBound]).trimmingSpaces
            guard !name.isEmpty else { throw UsageError("--format: empty field '{{}}'", command: "status") }
            guard FormatTemplate.isKnown(name) else {
                throw UsageError("--format: unknown field '\(name)' (see linnet status --help)", command: "status")
            }
            if !literal.isEmpty { parts.append(.literal(literal)); literal = "" }
            parts.append(.field(name))
            rest = afterOpen[close.upperBound...]
        }
        literal += rest
        if !literal.isEmpty { parts.append(.literal(literal)) }
        self.parts = parts
    }

    static func isKnown(_ name: String) -> Bool {
        fields.contains { $0.name == name } || (name.contains(":") && !name.hasPrefix(":") && !name.hasSuffix(":"))
    }

    /// The template with every field replaced; a field the player does not report prints as nothing.
    public func render(_ snapshot: PlayerSnapshot) -> String {
        parts.map { part in
            switch part {
            case .literal(let text): return text
            case .field(let name): return FormatTemplate.value(of: name, in: snapshot) ?? ""
            }
        }.joined()
    }

    /// One field's text, or nil when unknown to the player.
    public static func value(of field: String, in s: PlayerSnapshot) -> String? {
        let m = s.metadata
        switch field {
        case "status": return s.status?.mprisName
        case "title": return m.displayTitle
        case "artist": return m.artists.isEmpty ? nil : m.artists.joined(separator: ", ")
        case "album": return m.album
        case "position": return s.positionMicroseconds.map { TimeFormatting.clock(microseconds: $0) }
        case "length": return m.lengthMicroseconds.map { TimeFormatting.clock(microseconds: $0) }
        case "position_us": return s.positionMicroseconds.map { String($0) }
        case "length_us": return m.lengthMicroseconds.map { String($0) }
        case "volume": return s.volume.map { TimeFormatting.trimmed($0, maxDecimals: 3) }
        case "loop": return s.loop?.mprisName
        case "shuffle": return s.shuffle.map { $0 ? "true" : "false" }
        case "trackid": return m.trackID
        case "url": return m.url
        case "player": return s.player
        default: return m.text(field)
        }
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        let chars = Array(self)
        var start = 0, end = chars.count
        while start < end, chars[start] == " " || chars[start] == "\t" { start += 1 }
        while end > start, chars[end - 1] == " " || chars[end - 1] == "\t" { end -= 1 }
        return String(chars[start..<end])
    }
}
