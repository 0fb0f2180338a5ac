import LinnetCLI
import SnapcastBridge
import Testing

@Suite struct SnapcastPropertiesTests {
    static let linnetTrack: JSONValue = .object([
        ("mpris:trackid", .string("/org/linnet/Track/3")), ("mpris:length", .integer(12_345_678)),
        ("xesam:title", .string("Linnet demo, track one")), ("xesam:artist", .array([.string("Linnet")])),
        ("xesam:album", .string("Linnet Demo")), ("xesam:albumArtist", .array([.string("Linnet")])),
        ("xesam:trackNumber", .integer(1)), ("xesam:discNumber", .integer(1)),
        ("xesam:genre", .array([.string("Speech")])),
        ("xesam:contentCreated", .string("2026")), ("xesam:url", .string("file:///music/01-intro.mp3")),
        ("mpris:artUrl", .string("https://example.org/cover.jpg")), ("xesam:userRating", .number(0.5)),
        ("xesam:useCount", .integer(70_000)), ("xesam:comment", .string("one string"))
    ])

    private func state(_ properties: [String: JSONValue]) -> PlayerState {
        var s = PlayerState()
        s.apply(properties)
        return s
    }

    private func dictionary(_ fields: [(String, JSONValue)]) -> [String: JSONValue] {
        Dictionary(fields, uniquingKeysWith: { _, b in b })
    }

    @Test func playerPropertiesInSnapcastsTerms() {
        let s = state([
            "PlaybackStatus": .string("Paused"), "LoopStatus": .string("Playlist"), "Shuffle": .bool(true),
            "Volume": .number(0.437), "Rate": .number(1), "MinimumRate": .number(0.5), "MaximumRate": .integer(2),
            "Position": .integer(61_234_567), "CanGoNext": .bool(true), "CanGoPrevious": .bool(false),
            "CanPlay": .bool(true), "CanPause": .bool(true), "CanSeek": .bool(true), "CanControl": .bool(true),
            "Unknown": .string("ignored")
        ])
        let fields = SnapcastProperties.fields(s, mute: MuteEmulation())
        #expect(
            fields.map(\.0) == [
                "playbackStatus", "loopStatus", "shuffle", "volume", "mute", "rate", "minimumRate", "maximumRate",
                "position", "canGoNext", "canGoPrevious", "canPlay", "canPause", "canSeek", "canControl"
            ])
        let d = dictionary(fields)
        #expect(d["playbackStatus"] == .string("paused"))
        #expect(d["loopStatus"] == .string("playlist"))
        #expect(d["shuffle"] == .bool(true))
        #expect(d["volume"] == .integer(44))
        #expect(d["mute"] == .bool(false))
        #expect(d["maximumRate"] == .number(2))
        #expect(d["position"] == .number(61.235))
        #expect(d["canGoPrevious"] == .bool(false))
        #expect(d["canControl"] == .bool(true))
    }

    @Test func oddValuesAreLeftOutOrClamped() {
        let s = state([
            "PlaybackStatus": .string("Dancing"), "LoopStatus": .integer(1), "Shuffle": .string("yes"),
            "Volume": .number(1.7), "Rate": .number(.nan), "Position": .integer(-5), "CanControl": .string("true")
        ])
        let d = dictionary(SnapcastProperties.fields(s, mute: MuteEmulation()))
        #expect(d["playbackStatus"] == nil && d["loopStatus"] == nil && d["shuffle"] == nil && d["rate"] == nil)
        #expect(d["volume"] == .integer(100))
        #expect(d["position"] == .number(0))
        #expect(d["canControl"] == .bool(false))
        let quiet = dictionary(SnapcastProperties.fields(state(["Volume": .number(-3)]), mute: MuteEmulation()))
        #expect(quiet["volume"] == .integer(0))
    }

    @Test func mutedShowsTheRememberedVolume() {
        let mute = MuteEmulation().muting(true, current: 0.7).after
        let d = dictionary(SnapcastProperties.fields(state(["Volume": .number(0)]), mute: mute))
        #expect(d["volume"] == .integer(70))
        #expect(d["mute"] == .bool(true))
    }

    @Test func metadataInSnapcastsTerms() {
        let s = state(["Metadata": Self.linnetTrack])
        let m = SnapcastMetadata.json(s.metadata, art: nil)
        #expect(m[member: "title"] == .string("Linnet demo, track one"))
        #expect(m[member: "artist"] == .array([.string("Linnet")]))
        #expect(m[member: "album"] == .string("Linnet Demo"))
        #expect(m[member: "albumArtist"] == .array([.string("Linnet")]))
        #expect(m[member: "trackId"] == .string("/org/linnet/Track/3"))
        #expect(m[member: "url"] == .string("file:///music/01-intro.mp3"))
        #expect(m[member: "duration"] == .number(12.345678))
        #expect(m[member: "trackNumber"] == .integer(1))
        #expect(m[member: "discNumber"] == .integer(1))
        #expect(m[member: "genre"] == .array([.string("Speech")]))
        #expect(m[member: "contentCreated"] == .string("2026"))
        #expect(m[member: "userRating"] == .number(0.5))
        #expect(m[member: "comment"] == .array([.string("one string")]))
        // Over snapserver's 16 bits: left out, not wrapped.
        #expect(m[member: "useCount"] == nil)
        // An http(s) picture goes as it is, never as data.
        #expect(m[member: "artUrl"] == .string("https://example.org/cover.jpg"))
        #expect(SnapcastMetadata.json(s.metadata, art: ArtData(base64: "AA==", kind: .png))[member: "artData"] == nil)
    }

    @Test func localArtGoesAsData() {
        let s = state(["Metadata": .object([("xesam:title", .string("t")), ("mpris:artUrl", .string("file:///c.png"))])]
        )
        let m = SnapcastMetadata.json(s.metadata, art: ArtData(base64: "iVBORw0KGgo=", kind: .png))
        #expect(m[member: "artUrl"] == nil)
        #expect(m[member: "artData"] == .object([("data", .string("iVBORw0KGgo=")), ("extension", .string("png"))]))
        #expect(SnapcastMetadata.json(s.metadata, art: nil)[member: "artData"] == nil)
    }

    @Test func anUntitledTrackIsShownByItsFileName() {
        let s = state(["Metadata": .object([("xesam:url", .string("file:///music/My%20Song.flac"))])])
        #expect(SnapcastMetadata.json(s.metadata, art: nil)[member: "title"] == .string("My Song"))
    }

    @Test func noPlayerShowsAStoppedStreamWithoutTrack() {
        let (fields, metadata) = SnapcastProperties.view(of: nil, mute: MuteEmulation(), art: nil)
        let d = dictionary(fields)
        #expect(d["playbackStatus"] == .string("stopped"))
        #expect(d["canControl"] == .bool(false))
        #expect(metadata == .object([]))
    }
}

@Suite struct PropertiesPublisherTests {
    private let fields: [(String, JSONValue)] = [("playbackStatus", .string("playing")), ("position", .number(1))]
    private let metadata: JSONValue = .object([("title", .string("a"))])

    @Test func metadataGoesOutOnlyWhenItChanged() {
        var p = PropertiesPublisher()
        let first = p.notification(fields: fields, metadata: metadata, seeked: false)
        #expect(first?[member: "metadata"] == metadata)
        // Nothing new: nothing sent. A position that moved with the clock is no news.
        #expect(p.notification(fields: fields, metadata: metadata, seeked: false) == nil)
        let later = [("playbackStatus", JSONValue.string("playing")), ("position", .number(5))]
        #expect(p.notification(fields: later, metadata: metadata, seeked: false) == nil)
        // A seek is.
        let seeked = p.notification(fields: later, metadata: metadata, seeked: true)
        #expect(seeked?[member: "position"] == .number(5))
        #expect(seeked?[member: "metadata"] == nil)
        let paused = [("playbackStatus", JSONValue.string("paused")), ("position", .number(5))]
        let pause = p.notification(fields: paused, metadata: metadata, seeked: false)
        #expect(pause?[member: "playbackStatus"] == .string("paused"))
        #expect(pause?[member: "metadata"] == nil)
        let other: JSONValue = .object([("title", .string("b"))])
        #expect(p.notification(fields: paused, metadata: other, seeked: false)?[member: "metadata"] == other)
    }

    @Test func repliesCarryEverythingAndCountAsSent() {
        var p = PropertiesPublisher()
        let reply = p.reply(fields: fields, metadata: metadata)
        #expect(reply[member: "metadata"] == metadata && reply[member: "playbackStatus"] != nil)
        #expect(p.notification(fields: fields, metadata: metadata, seeked: false) == nil)
        p.reset()
        #expect(p.notification(fields: fields, metadata: metadata, seeked: false)?[member: "metadata"] == metadata)
    }
}
