import PlayerCore
import SQLite

/// The names a filter value may have meant, fetched by SQL LIKE on the folded key columns (`names.key`,
/// `albums.name_key`), so the work stays bounded at any library size: at most `limit` rows each come back to be
/// ranked (`NameSuggestions`), never the whole table.
extension LibraryReader {
    /// Where one kind of name lives: its table, folded-key and display columns, and which rows count.
    struct NameColumn {
        var table: String
        var key: String
        var name: String
        var condition: String

        static func role(_ role: LibrarySchema.Role) -> NameColumn {
            NameColumn(table: "names", key: "key", name: "name", condition: "role = \(role.rawValue) AND songs > 0")
        }
        static let album = NameColumn(table: "albums", key: "name_key", name: "name", condition: "songs > 0")
    }

    /// Whether some song has exactly this (folded) name.
    func exists(_ column: NameColumn, folded: String) throws(SQLiteError) -> Bool {
        try !db.query(
            "SELECT 1 FROM \(column.table) WHERE \(column.condition) AND \(column.key) = ?1 LIMIT 1",
            [.text(folded)]
        ).isEmpty
    }

    /// Names containing `folded`, then names of a similar length matching one of `NameSuggestions.likeProbes`
    /// (the candidates for an edit-distance match); the most used first, `limit` of each.
    func candidates(_ column: NameColumn, folded: String, limit: Int = 50) throws(SQLiteError) -> [String] {
        let select = "SELECT min(\(column.name)) FROM \(column.table) WHERE \(column.condition)"
        let group = "GROUP BY \(column.key) ORDER BY sum(songs) DESC LIMIT \(limit)"
        var out = try db.query(
            "\(select) AND \(column.key) LIKE ?1 ESCAPE '\\' \(group)",
            [.text("%" + NameSuggestions.escapeLike(folded) + "%")]
        ).compactMap { $0.first?.text }
        let probes = NameSuggestions.likeProbes(folded)
        guard !probes.isEmpty else { return out }
        let n = Int64(folded.unicodeScalars.count), bound = Int64(NameSuggestions.maxDistance(folded))
        let likes = probes.indices.map { "\(column.key) LIKE ?\($0 + 3) ESCAPE '\\'" }.joined(separator: " OR ")
        out += try db.query(
            "\(select) AND length(\(column.key)) BETWEEN ?1 AND ?2 AND (\(likes)) \(group)",
            [.integer(n - bound), .integer(n + bound)] + probes.map { .text($0) }
        )
        .compactMap { $0.first?.text }
        return out
    }
}
