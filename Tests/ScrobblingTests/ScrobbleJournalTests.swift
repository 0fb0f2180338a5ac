import Foundation
import PlayerCore
import Scrobbling
import Testing
import TestSupport

/// The journal keeps listens per service across reopenings and drops a listen only once every service is done.
@Suite struct ScrobbleJournalTests {
    @Test func keepsListensUntilEveryServiceIsDone() throws {
        let dir = try TemporaryDirectory(prefix: "journal")
        var l = Listen(listenedAt: 100, artist: "A", title: "T")
        l.artistIDs = ["0f1f0e5a-0000-4000-8000-000000000003", "0f1f0e5a-0000-4000-8000-000000000004"]
        l.durationMicroseconds = 31_000_000
        let first: Int64
        do {
            let j = try ScrobbleJournal(directory: dir.path)
            first = try j.append(l, for: [.listenBrainz, .lastFM])
            _ = try j.append(Listen(listenedAt: 200, artist: "B", title: "U"), for: [.lastFM])
        }
        // Reopened (as after a kill -9): everything is there.
        let j = try ScrobbleJournal(directory: dir.path)
        #expect(try j.pending(.listenBrainz) == [first])
        #expect(try j.pending(.lastFM).count == 2)
        #expect(try j.listens([first]).first?.listen == l)
        try j.finish([first], for: .listenBrainz)
        #expect(try j.pending(.listenBrainz).isEmpty)
        #expect(try j.listens([first]).count == 1)  // Last.fm still waits for it
        try j.finish(try j.pending(.lastFM), for: .lastFM)
        #expect(try j.listens([first]).isEmpty)
        let perms = try FileManager.default.attributesOfItem(atPath: j.path)[.posixPermissions] as? Int
        #expect(perms != nil)
    }
}
