import Foundation
import Testing
import TestSupport

/// `linnet queue` and `linnet open` against the real linnetd with a 2,000-entry queue: the whole queue is
/// listed, numbered by queue position, and a number names the same entry from one command to the next.
@Suite(.serialized, .enabled(if: Command.which("pulseaudio") != nil, "needs pulseaudio"))
struct QueueCommandTests {
    static let count = 2_000

    /// A playlist of `count` links to one untagged WAV, titled "Song 0001" … by #EXTINF.
    static func playlist(in dir: TemporaryDirectory) throws -> String {
        let folder = dir.file("songs")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var text = "#EXTM3U\n"
        for n in 1...count {
            let name = String(format: "%04d.wav", n)
            guard link(ClientPaths.demo("07-untagged.wav"), folder + "/" + name) == 0 else {
                throw LinkFailed(path: name, errno: errno)
            }
            text += String(format: "#EXTINF:6,Song %04d\n", n) + "songs/" + name + "\n"
        }
        let path = dir.file("two-thousand.m3u8")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
    struct LinkFailed: Error { var path: String; var errno: Int32 }

    static func golden() throws -> String {
        try String(
            contentsOf: HelpGoldenTests.directory.appendingPathComponent("linnet-queue-2000.txt"), encoding: .utf8)
    }

    @Test func theWholeQueueWithStableNumbers() throws {
        let media = try TemporaryDirectory(prefix: "linnet-queue-2000")
        let service = try LinnetdFixture(arguments: [try Self.playlist(in: media)])
        #expect(eventually { (try? service.linnet("queue").stdout.split(separator: "\n").count) == Self.count })
        _ = try service.playerctl("pause")

        // Every entry, in queue order, numbered from 1 (the MPRIS TrackList shows 500 of them).
        let listed = try service.linnet("queue")
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.stdout == (try Self.golden()))
        let json = try service.linnet("queue", "--json")
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(entries.count == Self.count)
        #expect(entries.map { $0["position"] as? Int } == (1...Self.count).map { $0 })
        #expect(entries[1999]["title"] as? String == "Song 2000" && entries[0]["current"] as? Bool == true)

        // goto 1500: entry 1500 plays and is listed as 1500.
        #expect(try service.linnet("queue", "goto", "1500").status == 0)
        #expect(eventually { (try? service.playerctl("metadata", "title")) == "Song 1500" })
        #expect(
            try service.linnet("queue", "--range", "1499-1501").stdout
                == "  1499  Song 1499  0:06\n* 1500  Song 1500  0:06\n  1501  Song 1501  0:06\n")

        // remove 1500 10-12, numbered as listed before: the current one's successor takes over.
        #expect(try service.linnet("queue", "remove", "1500", "10-12").status == 0)
        #expect(
            try service.linnet("queue", "--range", "1496-1497").stdout
                == "  1496  Song 1499  0:06\n* 1497  Song 1501  0:06\n")
        #expect(eventually { (try? service.playerctl("metadata", "title")) == "Song 1501" })
        #expect(
            try service.linnet("queue", "--range", "9-10").stdout
                == "     9  Song 0009  0:06\n    10  Song 0013  0:06\n")

        // move the last to the top; numbers past the end are refused with the queue's real length.
        #expect(try service.linnet("queue", "move", "1996", "1").status == 0)
        #expect(
            try service.linnet("queue", "--range", "1-2").stdout == "     1  Song 2000  0:06\n     2  Song 0001  0:06\n"
        )
        let past = try service.linnet("queue", "goto", "1997")
        #expect(past.status == 1 && past.stderr == "linnet: there is no entry 1997: the queue has 1996 entries\n")

        // clear empties all of it in one command.
        #expect(try service.linnet("queue", "clear").status == 0)
        #expect(try service.linnet("queue").stdout.isEmpty)
        #expect(eventually { (try? service.playerctl("status")) == "Stopped" })
    }

    @Test func openPlaysNowAndKeepsTheQueue() throws {
        let service = try LinnetdFixture()
        _ = try service.playerctl("pause")
        #expect(try service.linnet("queue", "goto", "2").status == 0)
        #expect(
            try service.linnet("open", ClientPaths.demo("06-bass.opus"), ClientPaths.demo("05-pluck.ogg")).status == 0)
        #expect(eventually { (try? service.playerctl("metadata", "title")) == "Opus bass line" })
        let lines = try service.linnet("queue").stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 10)
        #expect(
            lines[1...3] == [
                "   2  Chords in a FLAC — Linnet, SoX  0:08", "*  3  Opus bass line — Linnet, SoX  0:10",
                "   4  Hänfling plucks — Linnet  0:10"
            ])
        #expect(lines[9] == "  10  Linotte mélodieuse — Linnet  0:08")

        #expect(try service.linnet("open", "--replace", ClientPaths.demo("02-chords.flac")).status == 0)
        #expect(try service.linnet("queue").stdout == "* 1  Chords in a FLAC — Linnet, SoX  0:08\n")
        #expect(eventually { (try? service.playerctl("status")) == "Playing" })
    }
}
