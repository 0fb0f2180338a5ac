import DBus
import PlayerCore

/// Track → MPRIS `Metadata` (`a{sv}`), with the xesam/mpris keys and their exact types.
public enum MetadataMapping {
    /// The metadata of one track; `[:]` stands for "no current track" (the spec's empty map).
    public static func metadata(_ track: TrackSnapshot?) -> [String: DBusValue] {
        guard let track else { return [:] }
        var m: [String: DBusValue] = [
            "mpris:trackid": .objectPath(TrackPath.path(track.id)),
            "xesam:url": .string(track.location.uri),
            "xesam:title": .string(title(track))
        ]
        if let us = track.durationMicroseconds, us >= 0 { m["mpris:length"] = .int64(us) }
        if let art = track.artURL { m["mpris:artUrl"] = .string(art) }
        if let text = track.lyricsText, !text.isEmpty { m["xesam:asText"] = .string(text) }
        guard let tags = track.tags else { return m }
        func strings(_ key: String, _ values: [String]) {
            if !values.isEmpty { m[key] = DBusValue(values) }
        }
        strings("xesam:artist", tags.artists)
        strings("xesam:albumArtist", tags.albumArtists)
        strings("xesam:genre", tags.genres)
        strings("xesam:composer", tags.composers)
        strings("xesam:comment", tags.comments)
        if let album = tags.album { m["xesam:album"] = .string(album) }
        if let n = tags.trackNumber, let v = Int32(exactly: n) { m["xesam:trackNumber"] = .int32(v) }
        if let n = tags.discNumber, let v = Int32(exactly: n) { m["xesam:discNumber"] = .int32(v) }
        if let date = tags.date { m["xesam:contentCreated"] = .string(date) }
        if m["xesam:asText"] == nil, let lyrics = tags.lyrics { m["xesam:asText"] = .string(lyrics) }
        return m
    }

    /// The title to show: the tag, else the playlist's title, else the file name without its extension.
    public static func title(_ track: TrackSnapshot) -> String {
        if let t = track.tags?.title, !t.isEmpty { return t }
        if let t = track.playlistTitle, !t.isEmpty { return t }
        let name = track.location.fileName
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }

    /// As a D-Bus value (`a{sv}`), keys sorted.
    public static func value(_ track: TrackSnapshot?) -> DBusValue {
        let entries = metadata(track).sorted { $0.key < $1.key }.map {
            DBusDictEntry(.string($0.key), .variant($0.value))
        }
        return .dictionary(key: .string, value: .variant, entries)
    }
}
