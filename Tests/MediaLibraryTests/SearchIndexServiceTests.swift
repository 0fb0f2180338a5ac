import Dispatch
import Foundation
import PlayerCore
import Testing
import TestSupport
@testable import MediaLibrary

/// Text queries through the library service once its search index is built: the same songs in the same order
/// and the same counts as SQL gives, the generator's answers, and never a stale answer after the files change.
@Suite(.serialized) struct SearchIndexServiceTests {
    typealias Fixture = LibraryScanTests.Fixture
    static let terms = [
        "kestrel", "ab", "夜曲", "夜", "東京", "a", "k", "sigur ros", "ＳＩＧＵＲ", "BJÖRK",
        "song 0001", "night\u{1F}", "zzz", "\"", "00012 night kestrel"
    ]

    func ids(_ rows: [LibraryRow]) -> [Int64] { rows.compactMap { if case .song(let s) = $0 { s.id } else { nil } } }

    /// What SQL answers, bypassing the index.
    func sql(_ f: Fixture, _ text: String, offset: Int = 0, limit: Int = 1_000_000) throws -> (ids: [Int64], count: Int)
    {
        try f.queue.sync {
            let query = LibraryQuery(kind: .songs, filter: .init(text: text))
            return (
                ids(try f.service.reader.rows(query, offset: offset, limit: limit)), try f.service.reader.count(query)
            )
        }
    }

    func service(_ f: Fixture, _ text: String, offset: Int = 0, limit: Int = 1_000_000) throws -> (
        ids: [Int64], count: Int
    ) {
        try f.queue.sync {
            let query = LibraryQuery(kind: .songs, filter: .init(text: text))
            return (ids(try f.service.rows(query, offset: offset, limit: limit)), try f.service.count(query))
        }
    }

    func waitForIndex(_ f: Fixture) throws {
        try LibraryScanTests.wait("search index built") { f.queue.sync { f.service.hasSearchIndex } }
    }

    @Test func answersEqualSQLAndTheGenerator() throws {
        let f = try Fixture(count: 740)
        try f.start()
        try f.scanAndWait()
        let first = try service(f, "kestrel")  // SQL answers this one and starts the build
        try waitForIndex(f)
        #expect(try service(f, "kestrel") == first)
        #expect(first.count == f.tree.songs(matching: "kestrel").count && first.count > 100)
        for term in Self.terms {
            let expected = try sql(f, term)
            #expect(try service(f, term) == expected, "\(term)")
            for (offset, limit) in [(0, 50), (3, 7), (expected.count - 1, 50), (expected.count + 5, 50)]
            where offset >= 0 {
                #expect(
                    try service(f, term, offset: offset, limit: limit).ids
                        == (try sql(f, term, offset: offset, limit: limit).ids), "\(term) \(offset)+\(limit)")
            }
        }
        for term in ["kestrel", "ab", "夜曲", "東京", "sigur ros", "song 0001"] {
            #expect(try service(f, term).count == f.tree.songs(matching: term).count, "\(term)")
        }
        #expect(f.queue.sync { f.service.hasSearchIndex })
        // Other kinds, other orders and other filters still go to SQL and agree with it.
        let byTitle = LibraryQuery(kind: .songs, filter: .init(text: "kestrel"), order: .title)
        let withArtist = LibraryQuery(kind: .songs, filter: .init(artist: "Björk", text: "night"))
        for q in [byTitle, withArtist] {
            let (served, direct) = try f.queue.sync { () throws -> (([Int64], Int), ([Int64], Int)) in
                (
                    (ids(try f.service.rows(q, offset: 0, limit: 99)), try f.service.count(q)),
                    (ids(try f.service.reader.rows(q, offset: 0, limit: 99)), try f.service.reader.count(q))
                )
            }
            #expect(served == direct && direct.1 > 0, "\(q)")
        }
    }

    @Test func aChangedLibraryIsNeverAnsweredFromAnOldIndex() throws {
        let f = try Fixture(count: 60)
        try f.start()
        try f.scanAndWait()
        _ = try service(f, "kestrel")
        try waitForIndex(f)
        let before = try service(f, "kestrel").count
        #expect(before == f.tree.songs(matching: "kestrel").count)
        // Remove one album folder holding kestrel songs: inotify rescans it; the next answer must not count them.
        let gone = f.tree.songs.first { $0.title.lowercased().contains("kestrel") }!
        let folder = f.music + "/" + (gone.relativePath as NSString).deletingLastPathComponent
        let removed = f.tree.songs.filter {
            $0.relativePath.hasPrefix((gone.relativePath as NSString).deletingLastPathComponent + "/")
                && $0.title.lowercased().contains("kestrel")
        }.count
        try FileManager.default.removeItem(atPath: folder)
        try LibraryScanTests.wait("folder forgotten") { try service(f, "kestrel").count == before - removed }
        #expect(try service(f, "kestrel") == (try sql(f, "kestrel")))
        try waitForIndex(f)
        #expect(try service(f, "kestrel") == (try sql(f, "kestrel")))
        // A full rescan also leaves no old index in use.
        try f.scanAndWait()
        #expect(try service(f, "kestrel") == (try sql(f, "kestrel")))
    }

    @Test func theIndexIsDroppedWhenNobodySearches() throws {
        let f = try Fixture(count: 30)
        try f.start(searchIndexKeep: .milliseconds(300))
        try f.scanAndWait()
        _ = try service(f, "night")
        try waitForIndex(f)
        try LibraryScanTests.wait("search index dropped") { f.queue.sync { !f.service.hasSearchIndex } }
        // And built again by the next search.
        #expect(try service(f, "night") == (try sql(f, "night")))
        try waitForIndex(f)
        #expect(try service(f, "night") == (try sql(f, "night")))
    }
}
