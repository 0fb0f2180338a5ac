import DBus
import PlayerCore

/// Library rows and filters ↔ D-Bus values: song rows carry MPRIS metadata keys with their MPRIS types, group
/// rows `name` (s) and `songs` (u), albums also `albumartist` (s) and `year` (i).
public enum LibraryMapping {
    public static let interface = "org.mpris.MediaPlayer2.linnet.Library"

    /// A filter from `a{sv}`: strings for names and text, any integer for `year`.
    public static func filter(_ value: DBusValue) throws(LibraryQueryError) -> [(String, LibraryQuery.FilterValue)] {
        guard case .dictionary(_, _, let entries) = value.unwrappingVariants else { return [] }
        var out: [(String, LibraryQuery.FilterValue)] = []
        for entry in entries {
            let key = entry.key.stringValue ?? ""
            let inner = entry.value.unwrappingVariants
            if case .string(let s) = inner {
                out.append((key, .text(s)))
            } else if let n = inner.integerValue, let v = Int(exactly: n) {
                out.append((key, .integer(v)))
            } else {
                guard LibraryQuery.Filter.keys.contains(key) else { throw .unknownFilterKey(key) }
                throw .wrongType(key: key, expected: key == "year" ? "integer" : "string")
            }
        }
        return out
    }

    /// One row as `a{sv}`.
    public static func value(_ row: LibraryRow) -> DBusValue {
        var m: [(String, DBusValue)] = []
        switch row {
        case .song(let s):
            m.append(("xesam:url", .string(s.uri)))
            m.append(("xesam:title", .string(s.title)))
            if !s.artists.isEmpty { m.append(("xesam:artist", DBusValue(s.artists))) }
            if let album = s.album { m.append(("xesam:album", .string(album))) }
            if !s.albumArtists.isEmpty { m.append(("xesam:albumArtist", DBusValue(s.albumArtists))) }
            if !s.genres.isEmpty { m.append(("xesam:genre", DBusValue(s.genres))) }
            if !s.composers.isEmpty { m.append(("xesam:composer", DBusValue(s.composers))) }
            if let n = s.trackNumber.flatMap(Int32.init(exactly:)) { m.append(("xesam:trackNumber", .int32(n))) }
            if let n = s.discNumber.flatMap(Int32.init(exactly:)) { m.append(("xesam:discNumber", .int32(n))) }
            if let d = s.date { m.append(("xesam:contentCreated", .string(d))) }
            if let us = s.durationMicroseconds { m.append(("mpris:length", .int64(us))) }
            m.append(("xesam:useCount", .int32(Int32(clamping: s.playCount))))
            if let t = s.lastPlayed { m.append(("xesam:lastUsed", .string(ISODate.string(fromEpochSeconds: t)))) }
            if let v = s.sampleRate.flatMap(Int32.init(exactly:)) { m.append(("linnet:sampleRate", .int32(v))) }
            if let v = s.channels.flatMap(Int32.init(exactly:)) { m.append(("linnet:channels", .int32(v))) }
            if let v = s.bitrate.flatMap(Int32.init(exactly:)) { m.append(("linnet:bitrate", .int32(v))) }
            m.append(("linnet:compilation", .boolean(s.isCompilation)))
            m.append(("linnet:hasArt", .boolean(s.hasArt)))
            m.append(("linnet:hasLyrics", .boolean(s.hasLyrics)))
        case .group(let g):
            m.append(("name", .string(g.name)))
            m.append(("songs", .uint32(UInt32(clamping: g.songs))))
            if let a = g.albumArtist { m.append(("albumartist", .string(a))) }
            if let y = g.year.flatMap(Int32.init(exactly:)) { m.append(("year", .int32(y))) }
        }
        return .dictionary(key: .string, value: .variant, m.map { DBusDictEntry(.string($0.0), .variant($0.1)) })
    }
}

extension LibraryMapping {
    /// A playlist entry as `a{sv}`: a song as its row; a stream (not a song) as its URL, the URL again as the
    /// title, and `linnet:stream` true.
    public static func value(_ entry: PlaylistEntry) -> DBusValue {
        switch entry {
        case .song(let s): return value(LibraryRow.song(s))
        case .stream(let url):
            let m: [(String, DBusValue)] = [
                ("xesam:url", .string(url)), ("xesam:title", .string(url)),
                ("linnet:stream", .boolean(true))
            ]
            return .dictionary(key: .string, value: .variant, m.map { DBusDictEntry(.string($0.0), .variant($0.1)) })
        }
    }
}
