import Testing
@testable import LinnetCLI

@Suite struct StatusRenderingTests {
    @Test func summaryHasStateTitleAlbumAndTimes() {
        #expect(
            StatusRendering.summary(Fixtures.playing) == """
                Playing: Linnet demo, track one — Linnet
                Album: Linnet Demo
                Track 1
                Genre: Speech
                0:03 / 0:12
                """)
    }

    @Test func streamLines() {
        var s = PlayerSnapshot(
            player: "linnet", status: .playing,
            metadata: TrackMetadata(["xesam:title": .string("Song"), "xesam:artist": .string("A")]))
        s.stream = StreamStatus(buffering: false, level: 0.354, seconds: 12.34, stationName: "Radio X")
        #expect(StatusRendering.summary(s) == "Playing: Song — A\n-:-- / -:--\nStation: Radio X\nBuffer: 12.3 s (35 %)")
        s.stream = StreamStatus(buffering: true, level: 0.1, seconds: 0)
        #expect(StatusRendering.summary(s).hasSuffix("\nBuffering… 10 %"))
        #expect(StatusRendering.followLine(s).hasPrefix("◌ Buffer   Song — A"))
    }

    @Test func summaryWithoutTrack() {
        let s = PlayerSnapshot(
            player: "linnet", status: .stopped,
            metadata: TrackMetadata(["mpris:trackid": .string(TrackMetadata.noTrack)]))
        #expect(StatusRendering.summary(s) == "Stopped: (no track)\n-:-- / -:--")
        #expect(s.metadata.trackID == nil)
    }

    @Test func titleAndArtistVariants() {
        #expect(TrackMetadata(["xesam:artist": .array([.string("A"), .string("B")])]).titleAndArtist == "A, B")
        #expect(
            TrackMetadata(["xesam:title": .string("T"), "xesam:artist": .string("Solo")]).titleAndArtist
                == "T — Solo")
        #expect(Fixtures.untagged.titleAndArtist == "07 untagged")
        #expect(TrackMetadata(["mpris:length": .number(5e6)]).lengthMicroseconds == 5_000_000)
    }

    @Test func followLine() {
        #expect(
            StatusRendering.followLine(Fixtures.playing)
                == "▶ Playing  Linnet demo, track one — Linnet  [=====>--------------] 0:03 / 0:12")
        var paused = Fixtures.playing
        paused.status = .paused
        #expect(StatusRendering.followLine(paused).hasPrefix("⏸ Paused   Linnet"))
    }

    @Test func followLineFitsTheTerminal() {
        for columns in [20, 40, 60, 79, 200] {
            let line = StatusRendering.followLine(Fixtures.playing, columns: columns)
            #expect(line.count <= columns, "\(columns): \(line)")
        }
        let narrow = StatusRendering.followLine(Fixtures.playing, columns: 60)
        #expect(narrow.hasSuffix("[=====>--------------] 0:03 / 0:12"))
        #expect(narrow.contains("…"))
    }

    @Test func queueLines() {
        #expect(
            StatusRendering.queueLine(index: 2, count: 12, isCurrent: true, metadata: Fixtures.intro)
                == "*  2  Linnet demo, track one — Linnet  0:12")
        #expect(
            StatusRendering.queueLine(index: 10, count: 12, isCurrent: false, metadata: Fixtures.untagged)
                == "  10  07 untagged  0:06")
    }

    @Test func playerLines() {
        #expect(
            StatusRendering.playerLine(name: "mpv", nameWidth: 6, status: .paused, identity: "mpv Media Player")
                == "mpv     Paused    mpv Media Player")
        #expect(
            StatusRendering.playerLine(name: "linnet", nameWidth: 6, status: nil, identity: nil)
                == "linnet  Unknown")
    }
}
