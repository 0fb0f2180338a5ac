import PlayerCore
import SQLite

/// Builds the SQL of a library query: a pure function of the query, so it is tested without a database.
enum LibrarySQL {
    /// A statement and its parameters.
    struct Statement {
        var sql: String
        var bindings: [SQLiteValue]
    }

    static let songColumns = """
        s.id, f.path, s.title, s.artists, s.album, s.albumartists, s.genres, s.composers, s.track, s.disc, s.date, \
        s.duration, s.rate, s.channels, s.bitrate, s.compilation, s.art, s.lyrics, s.plays, s.last_played, f.mtime, \
        s.mb_recording, s.mb_release, s.mb_artists
        """

    /// The WHERE clause selecting the songs `filter` names (over `songs s`), with its bindings appended.
    static func songConditions(_ filter: LibraryQuery.Filter, _ bindings: inout [SQLiteValue]) -> [String] {
        var conditions: [String] = []
        func bind(_ value: SQLiteValue) -> String {
            bindings.append(value)
            return "?\(bindings.count)"
        }
        func name(_ role: LibrarySchema.Role, _ value: String?) {
            guard let value else { return }
            conditions.append(
                """
                s.id IN (SELECT sn.song FROM song_names sn JOIN names n ON n.id = sn.name \
                WHERE n.role = \(role.rawValue) AND n.key = \(bind(.text(TextFolding.fold(value)))) \
                AND sn.role = \(role.rawValue))
                """)
        }
        name(.artist, filter.artist)
        name(.albumArtist, filter.albumArtist)
        name(.genre, filter.genre)
        name(.composer, filter.composer)
        if let album = filter.album {
            conditions.append(
                "s.album_id IN (SELECT id FROM albums WHERE name_key = \(bind(.text(TextFolding.fold(album)))))")
        }
        if let year = filter.year { conditions.append("s.year = \(bind(.integer(Int64(year))))") }
        // The playlist filter is the playlist's id here: LibraryService resolves what the caller gave (an id, a
        // path or a name) first, so two file playlists of one name are never merged.
        if let playlist = filter.playlist {
            conditions.append(
                "f.path IN (SELECT i.path FROM playlist_items i WHERE i.playlist = \(bind(playlistID(playlist))))")
        }
        if let text = filter.text {
            let folded = TextFolding.fold(text)
            if !folded.isEmpty {
                conditions.append("s.id IN (SELECT id FROM search WHERE instr(text, \(bind(.text(folded)))) > 0)")
            }
        }
        return conditions
    }

    static func whereClause(_ conditions: [String]) -> String {
        conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
    }

    static func songOrder(_ order: LibraryQuery.Order) -> String {
        switch order {
        case .title: return "s.title_key, s.id"
        case .artist: return "s.artist_sort, a.sort, s.disc, s.track, s.id"
        case .album: return "a.sort, s.disc, s.track, s.id"
        case .year: return "s.year, a.sort, s.disc, s.track, s.id"
        case .added: return "s.added DESC, s.id"
        case .plays: return "s.plays DESC, s.last_played DESC, s.id"
        case .lastplayed: return "s.last_played DESC, s.id"
        case .random: return "random()"
        default: return "a.sort, s.disc, s.track, s.title_key, s.id"
        }
    }

    /// How albums are listed, for `rows` and for `groupSongs` alike (Enqueue takes groups exactly as Query lists
    /// them); `songs` is the expression for an album's song count in the caller's statement. Ties go by id.
    static func albumOrder(_ order: LibraryQuery.Order, songs: String) -> String {
        switch order {
        case .name: return "a.name_key, a.id"
        case .year: return "a.year, a.sort, a.id"
        case .songs: return "\(songs) DESC, a.sort, a.id"
        case .added: return "a.added DESC, a.sort, a.id"
        default: return "a.sort, a.id"
        }
    }

    /// How artists, album artists, genres and composers are listed, for `rows` and `groupSongs` alike; see
    /// `albumOrder`.
    static func nameOrder(_ order: LibraryQuery.Order, songs: String) -> String {
        order == .songs ? "\(songs) DESC, n.sort, n.id" : "n.sort, n.id"
    }

    /// The rows of `query`, `limit` rows from `offset`.
    static func rows(_ query: LibraryQuery, offset: Int, limit: Int) -> Statement {
        var bindings: [SQLiteValue] = []
        let conditions = songConditions(query.filter, &bindings)
        let page = " LIMIT \(max(0, limit)) OFFSET \(max(0, offset))"
        let from = "FROM songs s JOIN files f ON f.id = s.id LEFT JOIN albums a ON a.id = s.album_id"
        switch query.kind {
        case .songs:
            let order =
                query.filter.playlist != nil && query.order == .natural
                ? playlistOrder(&bindings, query.filter.playlist!) : songOrder(query.order)
            return Statement(
                sql: "SELECT \(songColumns) \(from)\(whereClause(conditions)) ORDER BY \(order)\(page)",
                bindings: bindings)
        case .albums:
            let order = albumOrder(query.order, songs: "4")
            if conditions.isEmpty {
                return Statement(
                    sql:
                        "SELECT a.name, a.albumartist, a.year, a.songs FROM albums a WHERE a.songs > 0 ORDER BY \(order)\(page)",
                    bindings: bindings)
            }
            return Statement(
                sql: """
                    SELECT a.name, a.albumartist, a.year, count(*) \(from)\(whereClause(conditions + ["a.id IS NOT NULL"])) \
                    GROUP BY a.id ORDER BY \(order)\(page)
                    """, bindings: bindings)
        case .artists, .albumartists, .genres, .composers:
            let role = Self.role(query.kind)
            let order = nameOrder(query.order, songs: "2")
            if conditions.isEmpty {
                return Statement(
                    sql:
                        "SELECT n.name, n.songs FROM names n WHERE n.role = \(role.rawValue) AND n.songs > 0 ORDER BY \(order)\(page)",
                    bindings: bindings)
            }
            return Statement(
                sql: """
                    SELECT n.name, count(*) FROM song_names sn JOIN names n ON n.id = sn.name \
                    WHERE sn.role = \(role.rawValue) AND sn.song IN (SELECT s.id \(from)\(whereClause(conditions))) \
                    GROUP BY n.id ORDER BY \(order)\(page)
                    """, bindings: bindings)
        case .playlists:
            return Statement(
                sql: """
                    SELECT p.name, (SELECT count(*) FROM playlist_items i WHERE i.playlist = p.id) FROM playlists p \
                    ORDER BY p.key\(page)
                    """, bindings: bindings)
        }
    }

    /// How many rows `query` has.
    static func count(_ query: LibraryQuery) -> Statement {
        var bindings: [SQLiteValue] = []
        let conditions = songConditions(query.filter, &bindings)
        let from = "FROM songs s JOIN files f ON f.id = s.id"
        switch query.kind {
        case .songs:
            return Statement(sql: "SELECT count(*) \(from)\(whereClause(conditions))", bindings: bindings)
        case .albums:
            if conditions.isEmpty { return Statement(sql: "SELECT count(*) FROM albums WHERE songs > 0", bindings: []) }
            return Statement(
                sql: "SELECT count(DISTINCT s.album_id) \(from)\(whereClause(conditions))", bindings: bindings)
        case .artists, .albumartists, .genres, .composers:
            let role = Self.role(query.kind).rawValue
            if conditions.isEmpty {
                return Statement(sql: "SELECT count(*) FROM names WHERE role = \(role) AND songs > 0", bindings: [])
            }
            return Statement(
                sql: """
                    SELECT count(DISTINCT sn.name) FROM song_names sn WHERE sn.role = \(role) \
                    AND sn.song IN (SELECT s.id \(from)\(whereClause(conditions)))
                    """, bindings: bindings)
        case .playlists:
            return Statement(sql: "SELECT count(*) FROM playlists", bindings: [])
        }
    }

    private static func playlistOrder(_ bindings: inout [SQLiteValue], _ playlist: String) -> String {
        bindings.append(playlistID(playlist))
        return
            "(SELECT min(i.position) FROM playlist_items i WHERE i.playlist = ?\(bindings.count) AND i.path = f.path)"
    }

    /// A resolved playlist filter as its row id (-1, no row, for the automatic ones: they are not stored lists).
    private static func playlistID(_ playlist: String) -> SQLiteValue { .integer(Int64(playlist) ?? -1) }

    static func role(_ kind: LibraryQuery.Kind) -> LibrarySchema.Role {
        switch kind {
        case .albumartists: return .albumArtist
        case .genres: return .genre
        case .composers: return .composer
        default: return .artist
        }
    }
}
