import PlayerCore
@testable import Streaming
import Testing

/// Playlists that lead back to themselves, directly or through others.
@Suite struct PlaylistTrailTests {
    @Test func directSelfReferenceNamesTheURL() {
        var t = PlaylistTrail("http://h/a")
        #expect(throws: Never.self) { try t.follow("http://h/b", from: "http://h/a") }
        let e = #expect(throws: DecodeError.self) { try t.follow("http://h/b", from: "http://h/b") }
        #expect(e?.message == "the playlist refers to itself (http://h/b)")
        #expect(e?.path == "http://h/b")
    }

    @Test func loopThroughAnotherNamesTheWholeLoop() {
        var t = PlaylistTrail("http://h/a")
        try? t.follow("http://h/b", from: "http://h/a")
        let e = #expect(throws: DecodeError.self) { try t.follow("http://h/a", from: "http://h/b") }
        #expect(e?.message == "the playlist refers to itself (http://h/a → http://h/b → http://h/a)")
        // A redirect's end counts as visited too.
        var r = PlaylistTrail("http://h/x")
        r.note("http://h/y")
        #expect(r.contains("http://h/y"))
        #expect(r.urls == ["http://h/x", "http://h/y"])
    }
}
