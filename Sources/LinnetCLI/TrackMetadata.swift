import PlayerCore

/// The metadata of one track as the player sent it (`a{sv}`), converted to plain values, with the keys clients
/// care about pulled out.
public struct TrackMetadata: Sendable, Equatable {
    /// Every entry, keyed by its MPRIS/xesam key (`xesam:title`).
    public var entries: [String: JSONValue]

    public init(_ entries: [String: JSONValue] = [:]) { self.entries = entries }

    /// `mpris:trackid`; nil when absent or the spec's NoTrack path.
    public var trackID: String? {
        guard case .string(let id)? = entries["mpris:trackid"], id != TrackMetadata.noTrack else { return nil }
        return id
    }
    public var title: String? { string("xesam:title") }
    /// `xesam:artist` (a list in MPRIS; some players send one string).
    public var artists: [String] { strings("xesam:artist") }
    public var album: String? { string("xesam:album") }
    public var url: String? { string("xesam:url") }
    public var artURL: String? { string("mpris:artUrl") }
    /// `mpris:length` in microseconds (any integer type, or a double some players send).
    public var lengthMicroseconds: Int64? {
        switch entries["mpris:length"] {
        case .integer(let v)?: return v
        // exactly: a double beyond Int64 (another player's 1e300) is an unknown length, not a trap.
        case .number(let d)?: return Int64(exactly: d.rounded(.towardZero))
        default: return nil
        }
    }
    /// True when the player reports no current track.
    public var isEmpty: Bool { trackID == nil && title == nil && url == nil }

    /// The title, or the file name of the URL without extension when the player gives no title.
    public var displayTitle: String? {
        if let title, !title.isEmpty { return title }
        guard let url, let last = url.split(separator: "/").last else { return nil }
        let name = FileURI.lenientlyDecoded(String(last))
        if let dot = name.lastIndex(of: "."), dot != name.startIndex { return String(name[..<dot]) }
        return name
    }

    /// `title — artist`, or just what exists.
    public var titleAndArtist: String {
        let artist = artists.joined(separator: ", ")
        switch (displayTitle, artist.isEmpty) {
        case (let t?, false): return "\(t) — \(artist)"
        case (let t?, true): return t
        case (nil, false): return artist
        case (nil, true): return "(no track)"
        }
    }

    /// A value as text for templates: strings as they are, lists joined with ", ", numbers plainly.
    public func text(_ key: String) -> String? {
        entries[key].map(TrackMetadata.plainText)
    }

    static func plainText(_ value: JSONValue) -> String {
        switch value {
        case .null: return ""
        case .bool(let b): return b ? "true" : "false"
        case .integer(let i): return String(i)
        case .number(let d): return JSONValue.numberText(d)
        case .string(let s): return s
        case .array(let items): return items.map(plainText).joined(separator: ", ")
        case .object(let members): return JSONValue.object(members).encoded
        }
    }

    /// The spec's path for "no track".
    public static let noTrack = "/org/mpris/MediaPlayer2/TrackList/NoTrack"

    private func string(_ key: String) -> String? {
        if case .string(let s)? = entries[key] { return s }
        if case .array(let items)? = entries[key], case .string(let s)? = items.first { return s }
        return nil
    }

    private func strings(_ key: String) -> [String] {
        switch entries[key] {
        case .string(let s)?: return [s]
        case .array(let items)?: return items.compactMap { if case .string(let s) = $0 { s } else { nil } }
        default: return []
        }
    }
}
