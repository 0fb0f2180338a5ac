import FileSystem

/// A playlist as the library lists it: a user playlist (stored in the database), one found as a file in a
/// library folder, or an automatic one (recently added, most played).
public struct PlaylistInfo: Sendable, Hashable {
    public enum Source: Sendable, Hashable {
        case user
        /// Found in a library folder (M3U, M3U8, PLS, XSPF); read-only.
        case file
        case recentlyAdded
        case mostPlayed
    }

    /// Stable id: the database row for user and file playlists, "recent" / "mostplayed" for the automatic ones.
    public var id: String
    public var name: String
    public var source: Source
    /// Seconds since the epoch (0 when unknown).
    public var created: Int64
    public var modified: Int64
    public var lastPlayed: Int64?
    /// The user's own order (creation order unless changed).
    public var position: Int64
    /// Entries that are library songs (entries whose file is not in the library are in neither count).
    public var songs: Int
    /// Entries that are http(s) streams.
    public var streams: Int
    /// Where a file playlist lives (BytePath form); nil for the others.
    public var path: String?

    public init(
        id: String, name: String, source: Source, created: Int64 = 0, modified: Int64 = 0,
        lastPlayed: Int64? = nil, position: Int64 = 0, songs: Int = 0, streams: Int = 0, path: String? = nil
    ) {
        self.id = id
        self.name = name
        self.source = source
        self.created = created
        self.modified = modified
        self.lastPlayed = lastPlayed
        self.position = position
        self.songs = songs
        self.streams = streams
        self.path = path
    }

    /// The ids and names of the two automatic playlists.
    public static let recentlyAddedID = "recent", mostPlayedID = "mostplayed"
    public static let recentlyAddedName = "Recently Added", mostPlayedName = "Most Played"
    /// How many songs the automatic playlists hold.
    public static let automaticLimit = 100

    /// Recently Added or Most Played (made from the library, not stored as a list).
    public var isAutomatic: Bool { source == .recentlyAdded || source == .mostPlayed }

    /// Whether the playlist is listed (MPRIS GetPlaylists and PlaylistCount, the Library's ListPlaylists): an
    /// automatic one only while it has songs, so that ActivatePlaylist of anything listed plays. User and file
    /// playlists are always listed (an empty one is being filled by its owner).
    public var isListed: Bool { !isAutomatic || songs > 0 }

    /// The counts as people read them: "12 songs, 2 streams", "1 song", "3 streams", "0 songs".
    public var countsText: String { Self.countsText(songs: songs, streams: streams) }

    /// See `countsText`; for clients that have the two numbers only.
    public static func countsText(songs: Int, streams: Int) -> String {
        func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)" + (n == 1 ? "" : "s") }
        if streams == 0 { return plural(songs, "song") }
        return songs == 0 ? plural(streams, "stream") : plural(songs, "song") + ", " + plural(streams, "stream")
    }
}

/// The orders of MPRIS `GetPlaylists` (Alphabetical, CreationDate, ModifiedDate, LastPlayDate, UserDefined).
public enum PlaylistOrdering: String, Sendable, CaseIterable {
    case alphabetical = "Alphabetical"
    case creationDate = "CreationDate"
    case modifiedDate = "ModifiedDate"
    case lastPlayDate = "LastPlayDate"
    case userDefined = "UserDefined"

    /// `list` in this order (ties by folded name, then id, so the result is stable), reversed when asked.
    public func sorted(_ list: [PlaylistInfo], reverse: Bool) -> [PlaylistInfo] {
        func key(_ p: PlaylistInfo) -> (Int64, String, String) {
            let name = TextFolding.fold(p.name)
            switch self {
            case .alphabetical: return (0, name, p.id)
            case .creationDate: return (p.created, name, p.id)
            case .modifiedDate: return (p.modified, name, p.id)
            case .lastPlayDate: return (p.lastPlayed ?? Int64.min, name, p.id)
            case .userDefined: return (p.position, name, p.id)
            }
        }
        let ordered = list.sorted { key($0) < key($1) }
        return reverse ? ordered.reversed() : ordered
    }
}

/// Reads the `<location>` entries of an XSPF playlist (file URIs or paths), XML entities decoded.
public enum XSPFParser {
    /// The locations of a playlist's raw bytes (decoded as the other playlist parsers decode).
    public static func locations(_ bytes: [UInt8]) -> [String] { locations(PlaylistText.decode(bytes)) }

    public static func locations(_ text: String) -> [String] {
        var out: [String] = []
        var rest = Substring(text)
        while let open = rest.firstRange(of: "<location>") {
            rest = rest[open.upperBound...]
            guard let close = rest.firstRange(of: "</location>") else { break }
            let value = decodeEntities(String(rest[..<close.lowerBound])).trimmingWhitespace
            if !value.isEmpty { out.append(value) }
            rest = rest[close.upperBound...]
        }
        return out
    }

    static func decodeEntities(_ s: String) -> String {
        guard s.contains("&") else { return s }
        var out = ""
        var rest = Substring(s)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            guard let semi = rest[amp...].firstIndex(of: ";"), rest.distance(from: amp, to: semi) <= 10 else {
                out += rest[amp...]
                return out
            }
            let name = rest[rest.index(after: amp)..<semi]
            switch name {
            case "amp": out += "&"
            case "lt": out += "<"
            case "gt": out += ">"
            case "quot": out += "\""
            case "apos": out += "'"
            default:
                let number =
                    name.hasPrefix("#x")
                    ? UInt32(name.dropFirst(2), radix: 16)
                    : name.hasPrefix("#") ? UInt32(name.dropFirst(1)) : nil
                if let n = number, let scalar = Unicode.Scalar(n) {
                    out.unicodeScalars.append(scalar)
                } else {
                    out += rest[amp...semi]
                }
            }
            rest = rest[rest.index(after: semi)...]
        }
        return out + rest
    }
}

extension String {
    /// Without leading and trailing white space (Unicode), no Foundation needed.
    public var trimmingWhitespace: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }
}
