import DBus
import Foundation
import SQLite
import Testing
import TestSupport

extension ServiceSuites {
    /// Extreme and wrongly typed values from clients and files against the real linnetd (issue 9): each call gets
    /// a reply (accepted or a named error), the daemon stays alive and still plays correctly afterwards.
    @Suite(.serialized) struct ExtremeArgumentTests {
        static let player = ServiceFixture.player
        static let trackList = ServiceFixture.trackList

        func errorName(_ body: () throws -> Void) -> String? {
            do { try body(); return nil } catch let e as DBusError { return e.name } catch { return "\(error)" }
        }

        func path(_ f: ServiceFixture) throws -> DBusValue {
            let id = try #require(try f.trackID())
            return .objectPath(try #require(DBusObjectPath(id)))
        }

        func expectAlive(_ f: ServiceFixture, _ when: String) {
            #expect(f.daemon?.isRunning == true, "linnetd died \(when): \(f.log())")
        }

        @Test func seekAndSetPositionAtInt64Extremes() throws {
            let f = try ServiceFixture()
            try TestMedia.sineWAV(f.stateDir.file("a.wav"), seconds: 20)
            try TestMedia.sineWAV(f.stateDir.file("src.wav"), seconds: 20, frequency: 660)
            try TestMedia.vorbis(f.stateDir.file("src.wav"), to: f.stateDir.file("src.ogg"))
            // Its last page is gone: libsndfile opens it seekable with an unknown length (no mpris:length).
            try TestMedia.truncatedCopy(of: f.stateDir.file("src.ogg"), to: f.stateDir.file("cut.ogg"), fraction: 0.6)
            try f.launch([f.stateDir.file("a.wav"), f.stateDir.file("cut.ogg"), f.stateDir.file("a.wav")])
            try f.waitUntil("playing", timeout: 10) { try f.status() == "Playing" && f.position() > 200_000 }
            let first = try f.trackID()

            // Int64.min: before the start clamps to 0, same track.
            try f.call(Self.player, "Seek", [.int64(.min)])
            expectAlive(f, "after Seek(Int64.min)")
            #expect(try f.trackID() == first)
            #expect(try f.position() < 2_000_000)
            try f.waitUntil("moving again", timeout: 10) { try f.position() > 200_000 }

            // Int64.max: past the end goes to the next track (it used to wrap around to a seek to 0).
            try f.call(Self.player, "Seek", [.int64(.max)])
            try f.waitUntil("next track", timeout: 10) { try f.trackID() != first }
            #expect(try f.status() == "Playing")
            try f.waitUntil("second track playing", timeout: 10) { try f.position() > 200_000 }
            #expect(try f.metadata()["mpris:length"] == nil, "the cut Ogg should have an unknown length")

            // Unknown length: nothing bounds these but the arithmetic (a trap before the fix).
            try f.call(Self.player, "SetPosition", [try path(f), .int64(.max)])
            expectAlive(f, "after SetPosition(Int64.max) on a track of unknown length")
            try f.call(Self.player, "Seek", [.int64(.max)])
            expectAlive(f, "after Seek(Int64.max) on a track of unknown length")
            try f.call(Self.player, "SetPosition", [try path(f), .int64(.min)])  // negative: ignored (spec)
            try f.call(Self.player, "Seek", [.int64(.min)])
            expectAlive(f, "after Seek(Int64.min)")
            // A seek the decoder cannot make is logged and playback goes on (here or on the next track).
            try f.waitUntil("still playing from a sane position", timeout: 10) {
                try f.status() == "Playing" && f.position() < 3_000_000
            }
            // And a normal seek still lands where asked.
            try f.call(Self.player, "SetPosition", [try path(f), .int64(4_000_000)])
            try f.waitUntil("at 4 s", timeout: 10) { abs(try f.position() - 4_000_000) < 1_000_000 }
            expectAlive(f, "at the end")
        }

        @Test func volumeRateAndWrongTypes() throws {
            let f = try ServiceFixture()
            try f.launch([ServiceFixture.demo + "/01-intro.mp3", ServiceFixture.demo + "/02-chords.flac"])
            try f.waitUntil("playing", timeout: 10) { try f.status() == "Playing" }
            let p = Self.player, t = Self.trackList, invalid = DBusError.Name.invalidArgs

            for v in [Double.nan, .infinity, -.infinity] {
                #expect(errorName { try f.set(p, "Volume", .double(v)) } == invalid, "Volume \(v)")
            }
            try f.set(p, "Volume", .double(1e308))  // documented clamp to the loudest kept volume
            #expect(abs((try f.get(p, "Volume").doubleValue ?? -1) - 10) < 0.01)
            try f.set(p, "Volume", .double(-1e308))
            #expect(try f.get(p, "Volume") == .double(0))
            try f.set(p, "Volume", .double(Double.leastNonzeroMagnitude))
            try f.set(p, "Volume", .double(-1))
            #expect(try f.get(p, "Volume") == .double(0))
            try f.set(p, "Volume", .double(0.5))
            #expect(try f.get(p, "Volume") == .double(0.5))

            for r in [Double.nan, .infinity, -.infinity, 1e308, -1, -0.5, 0.49, 2.01, .leastNonzeroMagnitude] {
                #expect(errorName { try f.set(p, "Rate", .double(r)) } == invalid, "Rate \(r)")
            }
            #expect(try f.status() == "Playing")

            // Wrong argument types: named errors, no effect.
            let track = try path(f)
            #expect(errorName { try f.set(p, "Volume", .string("loud")) } == invalid)
            #expect(errorName { try f.set(p, "Volume", .int64(.max)) } == invalid)
            #expect(errorName { try f.set(p, "Rate", .int32(1)) } == invalid)
            #expect(errorName { try f.set(p, "Shuffle", .int32(1)) } == invalid)
            #expect(errorName { try f.call(p, "Seek", [.int32(5)]) } == invalid)
            #expect(errorName { try f.call(p, "Seek", [.double(.nan)]) } == invalid)
            #expect(errorName { try f.call(p, "Seek", [.uint64(.max)]) } == invalid)
            #expect(errorName { try f.call(p, "Seek", []) } == invalid)
            #expect(errorName { try f.call(p, "SetPosition", [.string("/org/linnet/Track/1"), .int64(0)]) } == invalid)
            #expect(errorName { try f.call(p, "SetPosition", [track, .double(1e308)]) } == invalid)
            #expect(errorName { try f.call(p, "SetPosition", [track]) } == invalid)
            #expect(errorName { try f.call(p, "OpenUri", [.int64(.min)]) } == invalid)
            #expect(errorName { try f.call(t, "GoTo", [.string("/org/linnet/Track/1")]) } == invalid)
            #expect(
                errorName { try f.call(t, "GoTo", [.objectPath("/org/linnet/Track/18446744073709551615")]) }
                    == "org.mpris.MediaPlayer2.linnet.Error.UnknownTrack")
            #expect(
                errorName { try f.call(t, "GoTo", [.objectPath("/org/linnet/Track/99999999999999999999999")]) }
                    == "org.mpris.MediaPlayer2.linnet.Error.UnknownTrack")
            #expect(errorName { try f.call(t, "RemoveTrack", [.uint64(1)]) } == invalid)
            #expect(errorName { try f.call(t, "AddTrack", [.string("x"), .string("y"), .boolean(true)]) } == invalid)
            _ = try f.call(
                t, "GetTracksMetadata",
                [.array(element: .objectPath, [.objectPath("/org/linnet/Track/18446744073709551615")])])

            // Alive and correct: still playing the same queue, the last accepted volume, Rate 1, commands work.
            expectAlive(f, "after the extremes")
            #expect(try f.status() == "Playing")
            #expect(try f.get(p, "Rate") == .double(1.0))
            #expect(try f.get(p, "Volume") == .double(0.5))
            #expect(try f.tracks().count == 2)
            try f.set(p, "Rate", .double(0))  // the spec's 0.0: pause
            #expect(try f.status() == "Paused")
            try f.call(p, "Play")
            try f.waitUntil("playing again", timeout: 10) { try f.status() == "Playing" }
        }

        @Test func filesWithExtremeNumbers() throws {
            let f = try ServiceFixture()
            let dir = f.stateDir
            try TestMedia.sineWAV(dir.file("a.wav"), seconds: 6)
            try TestMedia.sineWAV(dir.file("b.wav"), seconds: 6, frequency: 550)
            try """
            [playlist]
            File1=\(dir.file("a.wav"))
            Length1=99999999999999999
            File2=\(dir.file("b.wav"))
            Length2=9223372036854775807
            NumberOfEntries=99999999999999999999999
            """.write(toFile: dir.file("huge.pls"), atomically: true, encoding: .utf8)
            try """
            #EXTM3U
            #EXTINF:1e300,Forever
            \(dir.file("a.wav"))
            #EXTINF:9223372036854.775807,Edge
            \(dir.file("b.wav"))
            """.write(toFile: dir.file("huge.m3u"), atomically: true, encoding: .utf8)
            // Lyrics beside b.wav whose offset is Int64.min (abs() trapped on it) and a stamp at the largest minute.
            try "[offset:-9223372036854775808]\n[00:00.50]one\n[99999:59.99]far\n[99999999:99.99]bad\n"
                .write(toFile: dir.file("b.lrc"), atomically: true, encoding: .utf8)
            try f.launch([dir.file("huge.pls")])
            try f.waitUntil("playing", timeout: 10) { try f.status() == "Playing" }
            #expect(try f.tracks().count == 2)
            // The file's own length wins over a playlist number that cannot be represented.
            let length = try #require(try f.metadata()["mpris:length"]?.integerValue)
            #expect(abs(length - 6_000_000) < 100_000)

            try f.call(Self.player, "OpenUri", [.string("file://" + dir.file("huge.m3u"))])
            try f.waitUntil("the m3u queued", timeout: 10) { try f.tracks().count == 4 }
            try f.call(Self.player, "Next")  // b.wav with its lyrics
            try f.waitUntil("b.wav playing", timeout: 10) {
                try f.status() == "Playing" && (f.metadata()["xesam:url"]?.stringValue ?? "").hasSuffix("b.wav")
            }
            try f.waitUntil("moving", timeout: 10) { try f.position() > 700_000 }
            expectAlive(f, "after the playlists and lyrics")
            try f.call(Self.player, "Stop")
            #expect(try f.stop() == 0)

            // The saved state, edited to extremes: position, volume and the next id at their maxima.
            do {
                let db = try SQLiteDatabase(path: dir.file("state/queue.db"), mode: .readWrite)
                #expect(try db.query("SELECT value FROM state WHERE key = 'position'").count == 1)
                try db.run("UPDATE state SET value = ?1 WHERE key = 'position'", [.integer(Int64.max)])
                try db.run("UPDATE state SET value = ?1 WHERE key = 'volume'", [.real(1e308)])
                try db.run("UPDATE state SET value = ?1 WHERE key = 'nextID'", [.integer(-1)])  // UInt64.max
                try db.run("UPDATE state SET value = 'paused' WHERE key = 'playback'")
            }
            try f.launch()
            expectAlive(f, "restoring the extreme state file")
            #expect(abs((try f.get(Self.player, "Volume").doubleValue ?? -1) - 10) < 0.01)
            #expect(try f.tracks().count == 4)
            // Add one: the pinned next id must not overflow.
            try f.call(
                Self.trackList, "AddTrack",
                [
                    .string("file://" + dir.file("a.wav")), .objectPath("/org/mpris/MediaPlayer2/TrackList/NoTrack"),
                    .boolean(true)
                ])
            try f.waitUntil("five tracks", timeout: 10) { try f.tracks().count == 5 }
            try f.call(Self.player, "Play")
            try f.waitUntil("playing", timeout: 10) { try f.status() == "Playing" }
            try f.waitUntil("moving", timeout: 10) { try f.position() > 200_000 }
            expectAlive(f, "at the end")
        }
    }
}
