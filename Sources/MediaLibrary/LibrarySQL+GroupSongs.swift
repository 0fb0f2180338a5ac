import PlayerCore
import SQLite

extension LibrarySQL {
    /// The songs of every group a group query lists (albums, artists, album artists, genres, composers), for
    /// Enqueue and AddToPlaylist. The rule:
    ///
    /// - groups come in the query's own `order`, exactly as `Query(kind, filter, order)` lists them (albums by
    ///   `year` are by year, then sort name; artists by `songs` are by their number of songs, most first);
    /// - within a group, songs go by album (sort name), disc, track, title;
    /// - a song in several groups (a track with two artists or genres) comes once, in the first of its groups;
    /// - only songs in a listed group come: a song without an album is in no album group, one without a genre
    ///   in no genre group. `filter` narrows the songs first, and groups are counted over what it leaves.
    static func groupSongs(_ query: LibraryQuery) -> Statement {
        var bindings: [SQLiteValue] = []
        let conditions = songConditions(query.filter, &bindings)
        let from = "FROM songs s JOIN files f ON f.id = s.id LEFT JOIN albums a ON a.id = s.album_id"
        let withinGroup = "a.sort, s.disc, s.track, s.title_key, s.id"
        switch query.kind {
        case .albums:
            let order = albumOrder(query.order, songs: "g.songs")
            return Statement(
                sql: """
                    WITH sel AS (SELECT s.id AS song, s.album_id AS album \(from)\(whereClause(conditions + ["s.album_id IS NOT NULL"]))), \
                    g AS (SELECT album, count(*) AS songs FROM sel GROUP BY album), \
                    ranked AS (SELECT g.album AS album, row_number() OVER (ORDER BY \(order)) AS rank \
                    FROM g JOIN albums a ON a.id = g.album) \
                    SELECT \(songColumns) FROM sel JOIN ranked r ON r.album = sel.album \
                    JOIN songs s ON s.id = sel.song JOIN files f ON f.id = s.id LEFT JOIN albums a ON a.id = s.album_id \
                    ORDER BY r.rank, s.disc, s.track, s.title_key, s.id
                    """, bindings: bindings)
        default:
            let role = Self.role(query.kind).rawValue
            let order = nameOrder(query.order, songs: "g.songs")
            return Statement(
                sql: """
                    WITH sel AS (SELECT s.id AS song \(from)\(whereClause(conditions))), \
                    g AS (SELECT sn.name AS name, count(*) AS songs FROM song_names sn \
                    WHERE sn.role = \(role) AND sn.song IN (SELECT song FROM sel) GROUP BY sn.name), \
                    ranked AS (SELECT g.name AS name, row_number() OVER (ORDER BY \(order)) AS rank \
                    FROM g JOIN names n ON n.id = g.name), \
                    first AS (SELECT sn.song AS song, min(r.rank) AS rank FROM song_names sn JOIN ranked r ON r.name = sn.name \
                    WHERE sn.role = \(role) AND sn.song IN (SELECT song FROM sel) GROUP BY sn.song) \
                    SELECT \(songColumns) FROM first JOIN songs s ON s.id = first.song JOIN files f ON f.id = s.id \
                    LEFT JOIN albums a ON a.id = s.album_id ORDER BY first.rank, \(withinGroup)
                    """, bindings: bindings)
        }
    }
}
