/// What a library query asks for: which rows (`kind`), narrowed by `filter`, in `order`.
public struct LibraryQuery: Sendable, Hashable {
    /// The rows a query returns, as the phone's media picker browses them.
    public enum Kind: String, Sendable, CaseIterable {
        case songs, albums, artists, albumartists, genres, composers, playlists
    }

    /// A filter: every given key must match (folded equality; `text` is a substring search).
    public struct Filter: Sendable, Hashable {
        public var artist: String?
        public var album: String?
        public var albumArtist: String?
        public var genre: String?
        public var composer: String?
        public var year: Int?
        public var playlist: String?
        public var text: String?

        public init(
            artist: String? = nil, album: String? = nil, albumArtist: String? = nil, genre: String? = nil,
            composer: String? = nil, year: Int? = nil, playlist: String? = nil, text: String? = nil
        ) {
            self.artist = artist
            self.album = album
            self.albumArtist = albumArtist
            self.genre = genre
            self.composer = composer
            self.year = year
            self.playlist = playlist
            self.text = text
        }

        /// The filter keys the bus and CLI accept.
        public static let keys: [String] = [
            "artist", "album", "albumartist", "genre", "composer", "year",
            "playlist", "text"
        ]

        /// Builds a filter from key/value pairs; unknown keys and wrong value types are refused.
        public init(_ pairs: [(String, FilterValue)]) throws(LibraryQueryError) {
            self.init()
            for (key, value) in pairs {
                switch (key, value) {
                case ("year", .integer(let v)): year = v
                case ("year", .text): throw .wrongType(key: key, expected: "integer")
                case (_, .integer) where Self.keys.contains(key): throw .wrongType(key: key, expected: "string")
                case ("artist", .text(let v)): artist = v
                case ("album", .text(let v)): album = v
                case ("albumartist", .text(let v)): albumArtist = v
                case ("genre", .text(let v)): genre = v
                case ("composer", .text(let v)): composer = v
                case ("playlist", .text(let v)): playlist = v
                case ("text", .text(let v)): text = v
                default: throw .unknownFilterKey(key)
                }
            }
        }
    }

    /// A filter value as it arrives from the bus or the command line.
    public enum FilterValue: Sendable, Hashable {
        case text(String)
        case integer(Int)
    }

    /// Row orders; the empty string means the kind's natural order.
    public enum Order: String, Sendable, CaseIterable {
        /// Songs: album, disc, track; groups: sort name.
        case natural = ""
        case title, artist, album, year, added, plays, lastplayed, name, songs, random
    }

    public var kind: Kind
    public var filter: Filter
    public var order: Order

    public init(kind: Kind, filter: Filter = Filter(), order: Order = .natural) {
        self.kind = kind
        self.filter = filter
        self.order = order
    }

    /// Parses the strings the bus and the CLI give; unknown kinds or orders, and orders that make no sense for
    /// the kind, are refused.
    public init(kind: String, filter: [(String, FilterValue)], order: String) throws(LibraryQueryError) {
        guard let k = Kind(rawValue: kind) else { throw .unknownKind(kind) }
        guard let o = Order(rawValue: order) else { throw .unknownOrder(order) }
        guard Self.orders(for: k).contains(o) else { throw .orderNotApplicable(order: order, kind: kind) }
        self.init(kind: k, filter: try Filter(filter), order: o)
    }

    /// The orders each kind accepts.
    public static func orders(for kind: Kind) -> Set<Order> {
        switch kind {
        case .songs: return [.natural, .title, .artist, .album, .year, .added, .plays, .lastplayed, .random]
        case .albums: return [.natural, .name, .artist, .year, .songs, .added]
        case .playlists: return [.natural, .name]
        default: return [.natural, .name, .songs]
        }
    }
}

/// Why a library query was refused (becomes org.freedesktop.DBus.Error.InvalidArgs on the bus).
public enum LibraryQueryError: Error, Sendable, Hashable, CustomStringConvertible {
    case unknownKind(String)
    case unknownFilterKey(String)
    case wrongType(key: String, expected: String)
    case unknownOrder(String)
    case orderNotApplicable(order: String, kind: String)
    case unknownEnqueueMode(String)
    case unknownPlaylist(String)

    public var description: String {
        switch self {
        case .unknownKind(let k):
            "unknown kind '\(k)' (expected one of: \(LibraryQuery.Kind.allCases.map(\.rawValue).joined(separator: ", ")))"
        case .unknownFilterKey(let k):
            "unknown filter key '\(k)' (expected one of: \(LibraryQuery.Filter.keys.joined(separator: ", ")))"
        case .wrongType(let key, let expected): "filter key '\(key)' needs a value of type \(expected)"
        case .unknownOrder(let o):
            "unknown order '\(o)' (expected one of: \(LibraryQuery.Order.allCases.map(\.rawValue).filter { !$0.isEmpty }.joined(separator: ", ")))"
        case .orderNotApplicable(let o, let k): "order '\(o)' does not apply to \(k)"
        case .unknownEnqueueMode(let m): "unknown mode '\(m)' (expected replace, append or next)"
        case .unknownPlaylist(let p): "no playlist '\(p)'"
        }
    }
}

/// Where `Enqueue` puts the result.
public enum EnqueueMode: String, Sendable {
    /// The queue becomes the result and plays from its start.
    case replace
    /// After the last entry.
    case append
    /// Right after the current track.
    case next

    public static func parse(_ text: String) throws(LibraryQueryError) -> EnqueueMode {
        guard let mode = EnqueueMode(rawValue: text) else { throw .unknownEnqueueMode(text) }
        return mode
    }
}
