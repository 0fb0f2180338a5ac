import SQLite
import Testing
import TestSupport
@testable import MediaLibrary

/// The schema's upgrades of databases earlier versions wrote.
@Suite struct LibrarySchemaTests {
    @Test func theTrigramIndexOfEarlierVersionsGoesAndSearchStillWorks() throws {
        let dir = try TemporaryDirectory(prefix: "linnet-schema")
        let path = dir.file("library.db")
        do {
            // What a version with the FTS5 index left: its table and the trigger that kept it.
            let old = try SQLiteDatabase(path: path)
            try old.execute(LibrarySchema.sql)
            try old.execute(
                """
                CREATE VIRTUAL TABLE search_fts USING fts5(text, tokenize = 'trigram');
                CREATE TRIGGER songs_remove_fts AFTER DELETE ON songs BEGIN
                    DELETE FROM search_fts WHERE rowid = old.id; END;
                INSERT INTO meta(key, value) VALUES ('version', 2);
                """)
        }
        let db = try LibraryDatabase.open(path: path, log: { _ in })
        let objects = try db.query(
            "SELECT name FROM sqlite_master WHERE name LIKE 'search_fts%' OR name = 'songs_remove_fts'")
        #expect(objects.isEmpty)
        // Deleting a song no longer reaches for the dropped table.
        try db.execute(
            """
            INSERT INTO files(id, path, root, dir, size, mtime, seen, added) VALUES (1, x'2F61', x'2F', x'2F', 1, 1, 1, 1);
            INSERT INTO songs(id, title, title_key, compilation, art, lyrics, artist_sort, artists, albumartists, genres,
                composers, added) VALUES (1, 'A', 'a', 0, 0, 0, '', '', '', '', '', 1);
            INSERT INTO search(id, text) VALUES (1, 'a');
            DELETE FROM songs WHERE id = 1;
            """)
        #expect(try db.query("SELECT count(*) FROM search").first?.first?.integer == 0)
    }
}
