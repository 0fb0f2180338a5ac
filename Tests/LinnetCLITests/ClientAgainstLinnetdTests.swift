import Foundation
import Testing
import TestSupport

/// `linnet` against the real linnetd with the demo playlist, checked against playerctl.
@Suite(
    .serialized,
    .enabled(
        if: Command.which("pulseaudio") != nil && Command.which("playerctl") != nil,
        "needs pulseaudio and playerctl"))
struct ClientAgainstLinnetdTests {
    let service: LinnetdFixture

    init() throws {
        service = try LinnetdFixture()
        // linnetd starts playing what it is given; tests start from a known, paused state on track 1.
        _ = try service.playerctl("pause")
        _ = try service.playerctl("position", "0")
        #expect(eventually { (try? service.playerctl("status")) == "Paused" })
    }

    @Test func defaultPlayerIsLinnet() throws {
        let status = try service.linnet("status")
        #expect(status.status == 0, "\(status.stderr)")
        #expect(
            status.stdout.hasPrefix(
                "Paused: Linnet demo, track one — Linnet\nAlbum: Linnet Demo\nAlbum artist: Linnet\n"
                    + "Track 1, disc 1\nGenre: Speech\nDate: 2026\nComposer: Linnet developers\nArt: file://"))
        #expect(status.stdout.hasSuffix(" / 0:12\n"))
        #expect(try service.linnet("players").stdout.hasPrefix("linnet  Paused    Linnet"))
    }

    @Test func formatAgreesWithPlayerctl() throws {
        let ours = try service.linnet(
            "status", "--format", "{{status}}|{{title}}|{{artist}}|{{album}}|{{trackid}}|{{url}}|{{length_us}}")
        let theirs = try service.playerctl(
            "metadata", "--format",
            "{{status}}|{{title}}|{{artist}}|{{album}}|{{mpris:trackid}}|{{xesam:url}}|{{mpris:length}}")
        #expect(ours.stdout.trimmingCharacters(in: .newlines) == theirs.replacingOccurrences(of: "'", with: ""))
        #expect(theirs.hasSuffix("|12000000"))
    }

    @Test func queueListsTheDemoPlaylist() throws {
        let r = try service.linnet("queue")
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        let expected = [
            "* 1  Linnet demo, track one — Linnet  0:12",
            "  2  Chords in a FLAC — Linnet, SoX  0:08",
            "  3  Gapless, part one — Linnet  0:08",
            "  4  Gapless, part two — Linnet  0:08",
            "  5  Hänfling plucks — Linnet  0:10",
            "  6  Opus bass line — Linnet, SoX  0:10",
            "  7  07-untagged  0:06",
            "  8  Linotte mélodieuse — Linnet  0:08"
        ]
        #expect(lines == expected)
    }

    @Test func transportAndQueueEditing() throws {
        #expect(try service.linnet("next").status == 0)
        #expect(eventually { (try? service.playerctl("metadata", "title")) == "Chords in a FLAC" })
        #expect(try service.linnet("queue", "goto", "5").status == 0)
        #expect(eventually { (try? service.playerctl("metadata", "title")) == "Hänfling plucks" })
        #expect(try service.linnet("queue").stdout.contains("* 5  Hänfling plucks"))
        #expect(try service.linnet("previous").status == 0)
        #expect(eventually { (try? service.playerctl("metadata", "title")) == "Gapless, part two" })
        #expect(try service.linnet("queue", "remove", "8").status == 0)
        #expect(
            try service.linnet(
                "queue", "add", ClientPaths.demo("folder-art/08-folder-art.mp3"),
                ClientPaths.demo("07-untagged.wav")
            ).status == 0)
        let lines = try service.linnet("queue").stdout.split(separator: "\n")
        #expect(lines.count == 9)
        #expect(lines.suffix(2) == ["  8  Linotte mélodieuse — Linnet  0:08", "  9  07-untagged  0:06"])
        #expect(try service.linnet("play").status == 0)
        #expect(eventually { (try? service.playerctl("status")) == "Playing" })
        #expect(try service.linnet("queue", "clear").status == 0)
        #expect(try service.linnet("queue").stdout.isEmpty)
        #expect(eventually { (try? service.playerctl("status")) == "Stopped" })
    }

    @Test func settingsRoundTrip() throws {
        #expect(try service.linnet("volume", "0.4").status == 0)
        #expect(try service.playerctl("volume") == "0.400000")
        #expect(try service.linnet("volume", "+0.1").status == 0)
        #expect(try service.linnet("volume").stdout == "0.5\n")
        for (word, mpris) in [("track", "Track"), ("playlist", "Playlist"), ("none", "None")] {
            #expect(try service.linnet("loop", word).status == 0)
            #expect(try service.playerctl("loop") == mpris)
        }
        #expect(try service.linnet("shuffle", "on").status == 0)
        #expect(try service.playerctl("shuffle") == "On")
        #expect(try service.linnet("shuffle", "toggle").status == 0)
        #expect(try service.linnet("shuffle").stdout == "off\n")
        #expect(try service.linnet("loop", "sometimes").status == 64)
    }

    @Test func positionAndSeek() throws {
        #expect(try service.linnet("position", "4").status == 0)
        #expect(eventually { abs((Double((try? service.playerctl("position")) ?? "") ?? -1) - 4) < 0.05 })
        #expect(try service.linnet("position").stdout == "4.000\n")
        #expect(try service.linnet("seek", "-1.5").status == 0)
        #expect(try service.linnet("position").stdout == "2.500\n")
        #expect(try service.linnet("seek", "+20").status == 0)  // past the end: the next track
        #expect(eventually { (try? service.playerctl("metadata", "title")) == "Chords in a FLAC" })
    }

    @Test func openARelativePath() throws {
        let r = try Command.run(
            "/bin/sh",
            ["-c", "cd '\(ClientPaths.repository)/data/demo' && exec '\(ClientPaths.linnet)' open 06-bass.opus"],
            environment: service.environment)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(eventually { (try? service.playerctl("metadata", "title")) == "Opus bass line" })
        #expect(try service.playerctl("metadata", "xesam:url") == "file://" + ClientPaths.demo("06-bass.opus"))
    }

    /// A file name that is not UTF-8 (Latin-1 "café.wav": 63 61 66 E9) goes from argv to the player byte for byte.
    @Test func queueAddKeepsANonUTF8FileName() throws {
        let dir = service.directory.file("latin1")
        // The shell makes the name from its octal escape: no Swift String can hold those bytes.
        let make = try Command.run(
            "/bin/sh",
            [
                "-c", "mkdir -p \"$1\" && cp \"$2\" \"$(printf '%s/caf\\351.wav' \"$1\")\"",
                "sh", dir, ClientPaths.demo("07-untagged.wav")
            ])
        #expect(make.status == 0, "\(make.stderr)")
        let add = try Command.run(
            "/bin/sh",
            [
                "-c", "exec \"$1\" queue add \"$(printf '%s/caf\\351.wav' \"$2\")\"",
                "sh", ClientPaths.linnet, dir
            ], environment: service.environment)
        #expect(add.status == 0, "\(add.stderr)")
        #expect(eventually { (try? service.linnet("queue").stdout.split(separator: "\n").count) == 9 })
        #expect(try service.linnet("queue", "goto", "9").status == 0)
        #expect(try service.linnet("play").status == 0)
        #expect(eventually { (try? service.playerctl("metadata", "xesam:url")) == "file://\(dir)/caf%E9.wav" })
        #expect(eventually { (try? service.playerctl("status")) == "Playing" })
        // It really plays: the position moves on.
        #expect(eventually { (Double((try? service.playerctl("position")) ?? "") ?? 0) > 0.3 })
        #expect(try service.playerctl("metadata", "xesam:url") == "file://\(dir)/caf%E9.wav")
    }

    @Test func followAcrossTrackChangesUntilStopped() throws {
        let follow = try SpawnedProcess(
            linnet: ["status", "--follow", "--exit-when-stopped", "--format", "{{status}} {{title}} {{position}}"],
            environment: service.environment)
        #expect(eventually { follow.lines == ["Paused Linnet demo, track one 0:00"] }, "\(follow.lines)")
        _ = try service.playerctl("next")
        #expect(eventually { follow.lines.last == "Paused Chords in a FLAC 0:00" }, "\(follow.lines)")
        _ = try service.playerctl("position", "3")
        #expect(eventually { follow.lines.last == "Paused Chords in a FLAC 0:03" }, "\(follow.lines)")
        _ = try service.playerctl("play")
        #expect(eventually { follow.lines.last == "Playing Chords in a FLAC 0:03" }, "\(follow.lines)")
        _ = try service.playerctl("stop")
        #expect(follow.waitForExit(seconds: 15) == 0)
        #expect(follow.lines.last?.hasPrefix("Stopped") == true, "\(follow.lines)")
    }

    @Test func jsonCarriesTheWholeMetadata() throws {
        let r = try service.linnet("status", "--json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect(object["player"] as? String == "linnet")
        #expect(object["status"] as? String == "Paused")
        #expect(object["length_us"] as? Int == 12_000_000)
        let metadata = try #require(object["metadata"] as? [String: Any])
        #expect((metadata["mpris:trackid"] as? String)?.hasPrefix("/org/mpris/") == false)
        #expect(metadata["xesam:title"] as? String == "Linnet demo, track one")
    }
}
