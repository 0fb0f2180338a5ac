import FileSystem

/// One row a library query returns: a song, or a group (album, artist, genre, composer, playlist).
public enum LibraryRow: Sendable, Hashable {
    case song(SongRow)
    case group(GroupRow)
}

/// A song as queries return it (the MPRIS layer maps it to metadata keys).
public struct SongRow: Sendable, Hashable {
    public var id: Int64
    /// The file's path as bytes (not necessarily UTF-8).
    public var path: [UInt8]
    public var title: String
    public var artists: [String] = []
    public var album: String?
    public var albumArtists: [String] = []
    public var genres: [String] = []
    public var composers: [String] = []
    public var trackNumber: Int?
    public var discNumber: Int?
    public var date: String?
    public var durationMicroseconds: Int64?
    public var sampleRate: Int?
    public var channels: Int?
    public var bitrate: Int?
    public var isCompilation = false
    public var hasArt = false
    public var hasLyrics = false
    public var playCount = 0
    /// Seconds since the epoch of the last counted play.
    public var lastPlayed: Int64?
    /// Seconds since the epoch the file was last modified, as the last scan saw it.
    public var fileModified: Int64?
    /// MusicBrainz ids (recording, release, artists), when the file has them.
    public var musicBrainzRecordingID: String?
    public var musicBrainzReleaseID: String?
    public var musicBrainzArtistIDs: [String] = []

    public init(id: Int64, path: [UInt8], title: String) {
        self.id = id
        self.path = path
        self.title = title
    }

    /// The path as a Swift string, lossless for names that are not UTF-8 (see BytePath).
    public var pathString: String { BytePath.string(path) }

    /// The `file://` URI of the path, percent-encoding every byte outside the URI path set (works for any bytes).
    public var uri: String {
        var out: [UInt8] = Array("file://".utf8)
        out.reserveCapacity(7 + path.count + path.count / 4)
        for b in path {
            if Self.plainInURIPath[Int(b)] {
                out.append(b)
            } else {
                out.append(0x25)  // %
                out.append(Self.hexDigits[Int(b >> 4)])
                out.append(Self.hexDigits[Int(b & 0xF)])
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The bytes a URI path carries as they are (RFC 3986 unreserved, sub-delims, ':', '@', '/').
    private static let plainInURIPath: [Bool] = {
        var plain = [Bool](repeating: false, count: 256)
        for range: ClosedRange<UInt8> in [0x61...0x7A, 0x41...0x5A, 0x30...0x39] {
            for b in range { plain[Int(b)] = true }
        }
        for b in "-._~!$&'()*+,;=:@/".utf8 { plain[Int(b)] = true }
        return plain
    }()
    private static let hexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)
}

/// A group row: its display name and how many songs it has; albums also carry album artist and year.
public struct GroupRow: Sendable, Hashable {
    public var name: String
    public var songs: Int
    public var albumArtist: String?
    public var year: Int?

    public init(name: String, songs: Int, albumArtist: String? = nil, year: Int? = nil) {
        self.name = name
        self.songs = songs
        self.albumArtist = albumArtist
        self.year = year
    }
}

/// Why a library call failed.
public enum LibraryError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The query itself is wrong (unknown kind, key, order, mode): the caller's fault.
    case invalidQuery(LibraryQueryError)
    /// The database failed (the message says how).
    case storage(String)
    /// The query matched nothing playable.
    case nothingToPlay
    /// The query selected no songs (Enqueue, AddToPlaylist); with the filter value that matched nothing, when one
    /// did not, and the names it may have meant.
    case noMatch(FilterMiss?)
    /// A playlist operation was refused: no such playlist, read-only, name taken, bad position, bad file.
    case playlist(String)
    /// A stream URL that cannot be parsed or names no host; the message names the URL and why.
    case malformedURL(String)

    public var description: String {
        switch self {
        case .invalidQuery(let e): return e.description
        case .storage(let m): return "library database: \(m)"
        case .nothingToPlay: return "the query matched no playable songs"
        case .noMatch(let miss): return miss?.description ?? "no song matches the query"
        case .playlist(let m): return m
        case .malformedURL(let m): return m
        }
    }
}

/// The library's state as the bus shows it.
public struct LibraryStatus: Sendable, Hashable {
    public var scanning: Bool
    public var songs: Int
    /// Files examined so far in the running scan, and the total when known.
    public var scanned: Int
    public var total: Int

    public init(scanning: Bool = false, songs: Int = 0, scanned: Int = 0, total: Int = 0) {
        self.scanning = scanning
        self.songs = songs
        self.scanned = scanned
        self.total = total
    }
}
