import DBus
import Foundation
import Testing
import TestSupport

extension ServiceSuites.MPDFrontEndTests {
    /// The file of the track MPRIS shows now.
    func playingFile(_ f: ServiceFixture) throws -> String {
        URL(string: try f.metadata()["xesam:url"]?.stringValue ?? "")?.lastPathComponent ?? ""
    }

    /// Lets the current track end: a seek to its last 2 %, then waiting for `condition`.
    func playToEnd(_ f: ServiceFixture, _ socket: String, until what: String, _ condition: () throws -> Bool) throws {
        _ = try mpc(f, socket, "seek", "98%")
        try f.waitUntil(what, timeout: 10, condition)
    }

    /// `single` without repeat stops after the song (always, or once), on the song that follows; MPRIS sees
    /// LoopStatus None and the stop.
    @Test func singleWithoutRepeatStopsAfterTheSongAndOnceIsUsedUp() throws {
        let (f, socket) = try launch()
        _ = try mpc(f, socket, "single", "on")
        var status = try mpc(f, socket, "status")
        #expect(status.contains("repeat: off") && status.contains("single: on"), "\(status)")
        #expect(try f.get(Self.player, "LoopStatus").stringValue == "None")
        try playToEnd(f, socket, until: "stopped after the first song") { try f.status() == "Stopped" }
        #expect(try playingFile(f) == "02-chords.flac", "stopped on the song that follows")
        #expect(try mpc(f, socket, "status").contains("single: on"), "single 1 stays on")

        _ = try mpc(f, socket, "single", "once")
        _ = try mpc(f, socket, "play")
        try f.waitUntil("playing the second song", timeout: 5) { try f.status() == "Playing" }
        #expect(try mpc(f, socket, "status").contains("single: once"))
        try playToEnd(f, socket, until: "stopped after the second song") { try f.status() == "Stopped" }
        #expect(try playingFile(f) == "03-gapless-a.mp3")
        status = try mpc(f, socket, "status")
        #expect(status.contains("single: off") && status.contains("repeat: off"), "\(status)")

        // repeat on top of single: the track loops, and MPRIS says so.
        _ = try mpc(f, socket, "single", "on")
        _ = try mpc(f, socket, "repeat", "on")
        #expect(try f.get(Self.player, "LoopStatus").stringValue == "Track")
        _ = try mpc(f, socket, "repeat", "off")
        #expect(try f.get(Self.player, "LoopStatus").stringValue == "None")
        #expect(try mpc(f, socket, "status").contains("single: on"))
    }

    /// `mpc seekthrough` seeks within the song (its step is shorter than what is left of it).
    @Test func seekthroughMovesWithinTheSong() throws {
        let (f, socket) = try launch()
        let before = try f.position()
        _ = try mpc(f, socket, "seekthrough", "+4")
        let after = try f.position()
        #expect(after >= before + 3_500_000, "position \(after) µs, was \(before)")
        #expect(try playingFile(f) == "01-intro.mp3")
    }

    /// `single once` with repeat: the song once more, then the queue repeats.
    @Test func singleOnceWithRepeatPlaysTheSongOnceMore() throws {
        let (f, socket) = try launch()
        _ = try mpc(f, socket, "repeat", "on")
        _ = try mpc(f, socket, "single", "once")
        #expect(try mpc(f, socket, "status").contains("single: once"))
        #expect(try f.get(Self.player, "LoopStatus").stringValue == "Track")
        _ = try mpc(f, socket, "seek", "98%")
        try f.waitUntil("the repeat used the oneshot up", timeout: 10) {
            try mpc(f, socket, "status").contains("single: off")
        }
        #expect(try playingFile(f) == "01-intro.mp3", "the same song again")
        #expect(try f.get(Self.player, "LoopStatus").stringValue == "Playlist")
        #expect(try mpc(f, socket, "status").contains("repeat: on"))
    }

    /// consume: a song that played to its end, and one Next skipped, leave the queue on both sides.
    @Test func consumeRemovesPlayedSongsFromTheOneQueue() throws {
        let (f, socket) = try launch()
        _ = try mpc(f, socket, "consume", "on")
        #expect(try mpc(f, socket, "status").contains("consume: on"))
        try playToEnd(f, socket, until: "the second song playing") { try playingFile(f) == "02-chords.flac" }
        try f.waitUntil("the first song gone", timeout: 5) {
            try f.get("org.mpris.MediaPlayer2.linnet.Queue", "Length") == .uint32(7)
        }
        var files = try mpc(f, socket, "playlist", "-f", "%file%").split(separator: "\n")
        #expect(files.count == 7 && files.first.map { $0.hasSuffix("02-chords.flac") } == true, "\(files)")
        _ = try mpc(f, socket, "next")
        files = try mpc(f, socket, "playlist", "-f", "%file%").split(separator: "\n")
        #expect(files.count == 6 && files.first.map { $0.hasSuffix("03-gapless-a.mp3") } == true, "\(files)")
        #expect(try f.get("org.mpris.MediaPlayer2.linnet.Queue", "Length") == .uint32(6))
        _ = try mpc(f, socket, "consume", "off")
        _ = try mpc(f, socket, "next")
        #expect(try mpc(f, socket, "playlist").split(separator: "\n").count == 6, "consume off keeps songs")
    }
}
