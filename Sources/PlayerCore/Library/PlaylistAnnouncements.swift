/// What MPRIS `Playlists` announces when the library's playlists change, whether by a bus call or by inotify
/// (a playlist file written, edited or removed in a library folder). Pure.
///
/// - `PlaylistChanged` for a playlist still there whose name changed, or — a file playlist — whose contents
///   changed (its ModifiedDate or its number of songs moved; clients refetch it);
/// - PropertiesChanged `PlaylistCount` whenever the set of playlists changed, even when the number did not (a
///   playlist file renamed is one playlist gone and one new: the count alone would hide it).
public enum PlaylistAnnouncements {
    /// What was last announced of one playlist.
    public struct Seen: Hashable, Sendable {
        public var name: String
        public var modified: Int64
        public var songs: Int
    }

    public static func seen(_ list: [PlaylistInfo]) -> [String: Seen] {
        Dictionary(
            list.map { ($0.id, Seen(name: $0.name, modified: $0.modified, songs: $0.songs)) },
            uniquingKeysWith: { a, _ in a })
    }

    /// The playlists to announce with PlaylistChanged (in `list`'s order), and whether the set changed.
    public static func compare(_ old: [String: Seen], _ list: [PlaylistInfo]) -> (
        changed: [PlaylistInfo], setChanged: Bool
    ) {
        var changed: [PlaylistInfo] = []
        var stillThere = 0
        for p in list {
            guard let before = old[p.id] else { continue }
            stillThere += 1
            let edited = p.source == .file && (before.modified != p.modified || before.songs != p.songs)
            if before.name != p.name || edited { changed.append(p) }
        }
        return (changed, stillThere != old.count || list.count != old.count)
    }
}
