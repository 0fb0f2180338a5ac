import Foundation
import Testing
import TestSupport

extension ServiceSuites.MPDLibraryTests {
    /// mpc's subcommands that have a counterpart in the front end, in the order a user might type them, each
    /// checked for what it changed (the ones covered elsewhere — ls, find, list, volume, random, single… — only
    /// where they meet these; seekthrough on the demo's longer songs: these are 0.7 s, shorter than its step). mpc exits non-zero on any ACK, so every step is also "no error".
    @Test func everyMpcSubcommandWithACounterpartWorks() throws {
        let s = try Setup()
        let songs = s.tree.songs
        let album = (songs[0].relativePath as NSString).deletingLastPathComponent
        let inAlbum = songs.map(\.relativePath).filter { $0.hasPrefix(album + "/") }.sorted()
        func queue() throws -> [String] { try s.mpc("playlist", "-f", "%file%") }

        _ = try s.mpc("add", album)
        #expect(try queue() == inAlbum)
        _ = try s.mpc("play", "1")
        _ = try s.mpc("insert", songs[39].relativePath)  // after the current song
        #expect(try queue()[1] == songs[39].relativePath)
        #expect(try s.mpc("queued", "-f", "%file%") == [songs[39].relativePath])
        _ = try s.mpc("next")
        #expect(try s.mpc("current", "-f", "%file%") == [songs[39].relativePath])
        _ = try s.mpc("prev")
        #expect(try s.mpc("current", "-f", "%file%") == [inAlbum[0]])
        _ = try s.mpc("cdprev")  // at the song's start: the previous song, or the same at the first
        _ = try s.mpc("toggle")
        #expect(try s.mpc("status").joined().contains("[paused]"))
        _ = try s.mpc("toggle")
        _ = try s.mpc("pause-if-playing")
        #expect(try s.mpc("status").joined().contains("[paused]"))
        _ = try s.mpc("stop")
        #expect(try !s.mpc("status").joined().contains("[paused]"))
        _ = try s.mpc("play", "2")
        _ = try s.mpc("prio", "5", "1")

        _ = try s.mpc("searchadd", "title", songs[20].title)
        #expect(try queue().last == songs[20].relativePath)
        _ = try s.mpc("searchplay", "title", songs[20].title)
        #expect(try s.mpc("current", "-f", "%file%") == [songs[20].relativePath])
        _ = try s.mpc("crop")
        #expect(try queue() == [songs[20].relativePath])
        _ = try s.mpc("load", "Favourites")
        #expect(try queue() == [songs[20].relativePath, songs[3].relativePath, songs[1].relativePath])
        _ = try s.mpc("shuffle")
        #expect(try Set(queue()) == Set([songs[20], songs[3], songs[1]].map(\.relativePath)))

        let art = s.f.stateDir.file("art.bin")
        let r = try Child.run(
            "/bin/sh", ["-c", "mpc albumart \"$1\" > \"$2\"", "sh", songs[0].relativePath, art],
            environment: s.f.environment.merging(["MPD_HOST": s.socket]) { $1 })
        #expect(r.status == 0, "\(r.output)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: art)) == Data(s.cover))

        _ = try s.mpc("replaygain", "track")
        #expect(try s.mpc("replaygain").joined().contains("track"))
        _ = try s.mpc("crossfade", "0")
        #expect(try s.mpc("outputs").first?.hasPrefix("Output 1 (") == true)
        // The one output cannot be turned off (with Snapcast outputs there are others: SnapcastOutputTests): a
        // clear refusal, no change.
        for args in [["disable", "1"], ["toggleoutput", "1"]] {
            let r = try Child.run("mpc", args, environment: s.f.environment.merging(["MPD_HOST": s.socket]) { $1 })
            #expect(r.status != 0 && r.output.contains("only enabled output"), "\(args): \(r.output)")
        }
        _ = try s.mpc("enable", "1")
        #expect(try s.mpc("outputs").first?.hasSuffix("is enabled") == true)
        _ = try s.mpc("clearerror")
        _ = try s.mpc("rescan", "--wait")
        #expect(try s.mpc("stats").contains { $0.hasSuffix(" 40") })
    }
}
