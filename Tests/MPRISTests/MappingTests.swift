import DBus
import MPRIS
import PlayerCore
import Testing

/// Pure mapping: snapshot → property values with the spec's exact types; metadata keys and fallbacks.
@Suite struct MappingTests {
    static let specTypes: [String: String] = [
        "PlaybackStatus": "s", "LoopStatus": "s", "Rate": "d", "Shuffle": "b", "Metadata": "a{sv}", "Volume": "d",
        "MinimumRate": "d", "MaximumRate": "d", "CanGoNext": "b", "CanGoPrevious": "b", "CanPlay": "b",
        "CanPause": "b", "CanSeek": "b", "CanControl": "b"
    ]

    func track(_ raw: UInt64, _ path: String, tags: TrackTags? = nil, length: Int64? = nil) -> TrackSnapshot {
        TrackSnapshot(
            id: QueueEntryID(rawValue: raw), location: .file(path: path), durationMicroseconds: length,
            tags: tags)
    }

    @Test func playerPropertiesHaveSpecTypes() {
        let s = PlayerSnapshot(
            status: .playing, currentID: QueueEntryID(rawValue: 1),
            tracks: [track(1, "/m/a.mp3", length: 1_000)])
        let props = PropertyMapping.player(s)
        #expect(Set(props.keys) == Set(Self.specTypes.keys))
        for (name, value) in props {
            #expect(value.signature.rawValue == Self.specTypes[name], "\(name)")
        }
        #expect(props["PlaybackStatus"] == .string("Playing"))
        #expect(props["MinimumRate"] == .double(1.0) && props["MaximumRate"] == .double(1.0))
        var stretching = s
        stretching.rate = 1.5
        stretching.rateRange = 0.5...2.0
        let rated = PropertyMapping.player(stretching)
        #expect(
            rated["Rate"] == .double(1.5) && rated["MinimumRate"] == .double(0.5)
                && rated["MaximumRate"] == .double(2.0))
        #expect(props["CanControl"] == .boolean(true))
    }

    @Test func rootAndTrackListProperties() {
        let root = PropertyMapping.root()
        #expect(root["Identity"] == .string("Linnet"))
        #expect(root["DesktopEntry"] == .string("linnet"))
        #expect(root["SupportedUriSchemes"] == DBusValue(["file", "http", "https"]))
        #expect(root["CanQuit"] == .boolean(true) && root["CanRaise"] == .boolean(false))
        #expect(root["HasTrackList"] == .boolean(true))
        let mimes = root["SupportedMimeTypes"]?.as([String].self) ?? []
        for m in [
            "audio/mpeg", "audio/flac", "audio/ogg", "audio/opus", "audio/x-wav", "audio/x-aiff", "audio/x-caf",
            "audio/mp4", "audio/aac"
        ] {
            #expect(mimes.contains(m), "\(m)")
        }
        let s = PlayerSnapshot(tracks: [track(3, "/a.mp3"), track(9, "/b.mp3")])
        #expect(
            PropertyMapping.trackList(s)["Tracks"]
                == .array(
                    element: .objectPath,
                    [
                        .objectPath("/org/linnet/Track/3"), .objectPath("/org/linnet/Track/9")
                    ]))
    }

    @Test func statusAndLoopSpellings() {
        #expect(PlaybackStatusText.text(.paused) == "Paused")
        #expect(PlaybackStatusText.text(.stopped) == "Stopped")
        for mode in LoopMode.allCases { #expect(LoopStatusText.parse(LoopStatusText.text(mode)) == mode) }
        #expect(LoopStatusText.parse("none") == nil)
        #expect(LoopStatusText.parse("") == nil)
    }

    @Test func metadataWithTags() {
        var tags = TrackTags()
        tags.title = "Song"
        tags.artists = ["A", "B"]
        tags.album = "Album"
        tags.albumArtists = ["AA"]
        tags.trackNumber = 4
        tags.discNumber = 2
        tags.genres = ["Folk"]
        tags.composers = ["C"]
        tags.date = "2026"
        tags.comments = ["hi"]
        let m = MetadataMapping.metadata(track(7, "/music/my song.mp3", tags: tags, length: 12_000_000))
        #expect(m["mpris:trackid"] == .objectPath("/org/linnet/Track/7"))
        #expect(m["mpris:length"] == .int64(12_000_000))
        #expect(m["xesam:url"] == .string("file:///music/my%20song.mp3"))
        #expect(m["xesam:title"] == .string("Song"))
        #expect(m["xesam:artist"] == DBusValue(["A", "B"]))
        #expect(m["xesam:album"] == .string("Album"))
        #expect(m["xesam:albumArtist"] == DBusValue(["AA"]))
        #expect(m["xesam:trackNumber"] == .int32(4))
        #expect(m["xesam:discNumber"] == .int32(2))
        #expect(m["xesam:genre"] == DBusValue(["Folk"]))
        #expect(m["xesam:composer"] == DBusValue(["C"]))
        #expect(m["xesam:contentCreated"] == .string("2026"))
        #expect(m["xesam:comment"] == DBusValue(["hi"]))
        #expect(MetadataMapping.value(nil) == .dictionary(key: .string, value: .variant, []))
    }

    @Test func untaggedTitleIsFileNameWithoutExtension() {
        #expect(MetadataMapping.title(track(1, "/d/07-untagged.wav", tags: TrackTags())) == "07-untagged")
        #expect(MetadataMapping.title(track(1, "/d/no-extension")) == "no-extension")
        #expect(MetadataMapping.title(track(1, "/d/.hidden")) == ".hidden")
        var t = track(1, "/d/x.mp3")
        t.playlistTitle = "From the playlist"
        #expect(MetadataMapping.title(t) == "From the playlist")
        let m = MetadataMapping.metadata(track(1, "/d/x.mp3"))
        #expect(m["xesam:artist"] == nil && m["mpris:length"] == nil)
    }

    @Test func trackPaths() {
        #expect(TrackPath.path(QueueEntryID(rawValue: 42)).rawValue == "/org/linnet/Track/42")
        #expect(TrackPath.parse("/org/linnet/Track/42") == .entry(QueueEntryID(rawValue: 42)))
        #expect(TrackPath.parse("/org/mpris/MediaPlayer2/TrackList/NoTrack") == .noTrack)
        #expect(TrackPath.parse("/org/linnet/Track/x") == nil)
        #expect(TrackPath.parse("/org/other/1") == nil)
    }
}
