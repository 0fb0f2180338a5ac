import Foundation
import Testing
import TestSupport

/// `linnet` driving a real MPRIS player (mpv + mpv-mpris) on a private bus, checked against what playerctl
/// reports for the same player.
@Suite(.serialized, .enabled(if: MPVPlayer.available, "needs mpv, mpv-mpris and playerctl"))
struct ClientAgainstMPVTests {
    let bus: PrivateBus
    let mpv: MPVPlayer

    init() throws {
        bus = try PrivateBus()
        mpv = try MPVPlayer(files: [ClientPaths.demo("01-intro.mp3"), ClientPaths.demo("02-chords.flac")], bus: bus)
    }

    @Test func playersListsMPVWithStateAndIdentity() throws {
        let r = try mpv.linnet("players")
        #expect(r.status == 0)
        #expect(r.stdout == "mpv  Paused    mpv\n" || r.stdout.hasPrefix("mpv  Paused "), "\(r.stdout)")
        #expect(try Command.check("playerctl", ["-l"], environment: bus.environment).contains("mpv"))
    }

    @Test func statusAgreesWithPlayerctl() throws {
        let fields = "{{status}}|{{title}}|{{artist}}|{{album}}|{{trackid}}|{{url}}|{{length_us}}|{{loop}}"
        let ours = try mpv.linnet("-p", "mpv", "status", "--format", fields)
        #expect(ours.status == 0, "\(ours.stderr)")
        let theirs = try mpv.playerctl(
            "metadata", "--format",
            "{{status}}|{{title}}|{{artist}}|{{album}}|{{mpris:trackid}}|{{xesam:url}}|{{mpris:length}}|{{loop}}")
        // playerctl quotes object paths ('/0'); the rest must be identical.
        #expect(ours.stdout.trimmingCharacters(in: .newlines) == theirs.replacingOccurrences(of: "'", with: ""))
        #expect(theirs.hasPrefix("Paused|Linnet demo, track one|Linnet|Linnet Demo|"))

        let summary = try mpv.linnet("-p", "mpv", "status").stdout
        // Further tag lines (genre, date, …) follow the album when mpv-mpris reports them.
        #expect(summary.hasPrefix("Paused: Linnet demo, track one — Linnet\nAlbum: Linnet Demo\n"))
        #expect(summary.hasSuffix("\n0:00 / 0:12\n"))
    }

    @Test func jsonIsOneObjectWithTheMetadata() throws {
        let r = try mpv.linnet("-p", "mpv", "status", "--json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect(object["status"] as? String == "Paused")
        #expect(object["title"] as? String == "Linnet demo, track one")
        #expect(object["artist"] as? [String] == ["Linnet"])
        #expect(object["url"] as? String == "file://" + ClientPaths.demo("01-intro.mp3"))
        let metadata = try #require(object["metadata"] as? [String: Any])
        #expect(metadata["xesam:album"] as? String == "Linnet Demo")
        #expect(r.stdout.split(separator: "\n").count == 1)
    }

    @Test func playPauseToggleStop() throws {
        #expect(try mpv.linnet("-p", "mpv", "play").status == 0)
        #expect(eventually { (try? mpv.playerctl("status")) == "Playing" })
        #expect(try mpv.linnet("-p", "mpv", "toggle").status == 0)
        #expect(eventually { (try? mpv.playerctl("status")) == "Paused" })
        #expect(try mpv.linnet("-p", "mpv", "toggle").status == 0)
        #expect(eventually { (try? mpv.playerctl("status")) == "Playing" })
        #expect(try mpv.linnet("-p", "mpv", "pause").status == 0)
        #expect(eventually { (try? mpv.playerctl("status")) == "Paused" })
        #expect(try mpv.linnet("-p", "mpv", "status", "--format", "{{status}}").stdout == "Paused\n")
    }

    @Test func volumeSetAndStep() throws {
        #expect(try mpv.linnet("-p", "mpv", "volume", "0.5").status == 0)
        #expect(try mpv.playerctl("volume") == "0.500000")
        #expect(try mpv.linnet("-p", "mpv", "volume", "-0.25").status == 0)
        #expect(try mpv.playerctl("volume") == "0.250000")
        #expect(try mpv.linnet("-p", "mpv", "volume", "+2").status == 0)  // clamped to 1
        #expect(try mpv.linnet("-p", "mpv", "volume").stdout == "1\n")
    }

    @Test func loopRoundTrips() throws {
        for (word, mpris) in [("track", "Track"), ("playlist", "Playlist"), ("none", "None")] {
            #expect(try mpv.linnet("-p", "mpv", "loop", word).status == 0)
            #expect(try mpv.playerctl("loop") == mpris)
            #expect(try mpv.linnet("-p", "mpv", "loop").stdout == word + "\n")
        }
    }

    @Test func positionAndSeekAgreeWithPlayerctl() throws {
        #expect(try mpv.linnet("-p", "mpv", "position", "5").status == 0)
        #expect(eventually { abs((Double((try? mpv.playerctl("position")) ?? "") ?? -1) - 5) < 0.05 })
        #expect(try mpv.linnet("-p", "mpv", "position").stdout == "5.000\n")
        #expect(try mpv.linnet("-p", "mpv", "seek", "-2").status == 0)
        #expect(eventually { abs((Double((try? mpv.playerctl("position")) ?? "") ?? -1) - 3) < 0.05 })
        #expect(try mpv.linnet("-p", "mpv", "seek", "+1.5").status == 0)
        #expect(eventually { abs((Double((try? mpv.playerctl("position")) ?? "") ?? -1) - 4.5) < 0.05 })
        let ours = Double(try mpv.linnet("-p", "mpv", "position").stdout.trimmingCharacters(in: .newlines))
        #expect(ours.map { abs($0 - 4.5) < 0.05 } == true)
    }

    @Test func nextAndOpenARelativePath() throws {
        #expect(try mpv.linnet("-p", "mpv", "next").status == 0)
        #expect(eventually { (try? mpv.playerctl("metadata", "title")) == "Chords in a FLAC" })
        #expect(try mpv.linnet("-p", "mpv", "previous").status == 0)
        #expect(eventually { (try? mpv.playerctl("metadata", "title")) == "Linnet demo, track one" })
        // A relative path is resolved against linnet's working directory.
        let r = try Command.run(
            "/bin/sh",
            [
                "-c",
                "cd '\(ClientPaths.repository)/data' && exec '\(ClientPaths.linnet)' "
                    + "-p mpv open demo/05-pluck.ogg"
            ], environment: bus.environment)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(
            eventually { (try? mpv.playerctl("metadata", "xesam:url")) == "file://" + ClientPaths.demo("05-pluck.ogg") }
        )
        // mpv publishes the new file's url before its tags: wait for the title too.
        #expect(eventually { (try? mpv.playerctl("metadata", "title")) == "Hänfling plucks" })
    }

    @Test func errorsGoToStderrWithStatus() throws {
        let missing = try mpv.linnet("-p", "vlc", "play")
        #expect(missing.status == 1 && missing.stdout.isEmpty)
        #expect(missing.stderr == "linnet: no MPRIS player 'vlc' on the session bus (see 'linnet players')\n")
        let noQueue = try mpv.linnet("-p", "mpv", "queue")
        #expect(noQueue.status == 1 && noQueue.stderr.hasPrefix("linnet: player 'mpv' has no track list"))
        let usage = try mpv.linnet("-p", "mpv", "loop", "sometimes")
        #expect(usage.status == 64 && usage.stderr.contains("Try 'linnet loop --help'."))
        let noLinnet = try mpv.linnet("status")  // the default player is linnet, absent here
        #expect(noLinnet.status == 1 && noLinnet.stderr.contains("'linnet'"))
    }

    @Test func followPrintsOneLinePerChange() throws {
        let follow = try SpawnedProcess(
            linnet: ["-p", "mpv", "status", "--follow", "--format", "{{status}} {{title}}"],
            environment: bus.environment)
        #expect(eventually { follow.lines == ["Paused Linnet demo, track one"] })
        _ = try mpv.playerctl("play")
        #expect(eventually { follow.lines.last == "Playing Linnet demo, track one" })
        _ = try mpv.playerctl("next")
        #expect(eventually { follow.lines.last == "Playing Chords in a FLAC" })
        _ = try mpv.playerctl("pause")
        #expect(eventually { follow.lines.last == "Paused Chords in a FLAC" })
        // No duplicates: every printed line differs from the one before.
        let lines = follow.lines
        #expect(zip(lines, lines.dropFirst()).allSatisfy { $0 != $1 }, "\(lines)")
    }

    @Test func followTracksSeeksWithoutPolling() throws {
        let follow = try SpawnedProcess(
            linnet: ["-p", "mpv", "status", "--follow", "--format", "{{position_us}}"],
            environment: bus.environment)
        #expect(eventually { follow.lines == ["0"] })
        // Paused, so nothing changes until the Seeked signal; mpv lands near 7 s (on a frame), and the line must
        // show where it landed, as playerctl reads it.
        _ = try mpv.playerctl("position", "7")
        #expect(eventually { follow.lines.count == 2 }, "\(follow.lines)")
        let landed = try #require(Double(try mpv.playerctl("position")))
        let shown = try #require(follow.lines.last.flatMap { Double($0) })
        #expect(abs(shown / 1e6 - landed) < 0.01 && abs(landed - 7) < 0.5, "\(shown) vs \(landed)")
    }

    @Test func followExitsWhenStopped() throws {
        let follow = try SpawnedProcess(
            linnet: ["-p", "mpv", "status", "--follow", "--exit-when-stopped"],
            environment: bus.environment)
        #expect(eventually { follow.lines.count == 1 })
        #expect(follow.lines.first?.hasPrefix("⏸ Paused   Linnet demo, track one — Linnet  [>") == true)
        _ = try mpv.playerctl("stop")
        #expect(follow.waitForExit(seconds: 15) == 0)
    }

    @Test(.enabled(if: Command.which("script") != nil, "needs script(1)"))
    func liveLineRedrawsInPlaceOnlyWhilePlaying() throws {
        _ = try mpv.playerctl("play")
        let command = "stty cols 100; exec '\(ClientPaths.linnet)' -p mpv status --follow"
        let tty = try SpawnedProcess(
            Command.which("script")!, ["-qfec", command, "/dev/null"], environment: bus.environment)
        func redraws() -> [String] {
            tty.output.split(separator: "\r", omittingEmptySubsequences: true).map(String.init)
        }
        #expect(eventually { redraws().contains { $0.contains("0:02 / 0:12") } }, "\(redraws())")
        let playing = redraws()
        #expect(
            playing.allSatisfy {
                $0.hasPrefix("▶ Playing  Linnet demo, track one — Linnet  [") && $0.hasSuffix("\u{1B}[K")
            })
        // About one redraw per displayed second, never a busy loop.
        #expect(playing.count <= 6, "\(playing)")
        _ = try mpv.playerctl("pause")
        #expect(eventually { redraws().last?.hasPrefix("⏸ Paused") == true })
        let afterPause = redraws().count
        Thread.sleep(forTimeInterval: 2.5)  // nothing may be drawn while paused: there is no event to wait for
        #expect(redraws().count == afterPause, "\(redraws().suffix(3))")
        #expect(!tty.output.contains("\n"))
    }
}
