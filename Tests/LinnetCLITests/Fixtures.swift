@testable import LinnetCLI

/// Snapshots used across the formatting tests.
enum Fixtures {
    static let intro = TrackMetadata([
        "mpris:trackid": .string("/org/linnet/Track/1"),
        "mpris:length": .integer(12_000_000),
        "xesam:title": .string("Linnet demo, track one"),
        "xesam:artist": .array([.string("Linnet")]),
        "xesam:album": .string("Linnet Demo"),
        "xesam:url": .string("file:///data/demo/01-intro.mp3"),
        "xesam:genre": .array([.string("Speech")]),
        "xesam:trackNumber": .integer(1)
    ])

    static let playing = PlayerSnapshot(
        player: "linnet", status: .playing, loop: .playlist, shuffle: false,
        volume: 0.5, positionMicroseconds: 3_400_000, rate: 1, metadata: intro)

    static let untagged = TrackMetadata([
        "mpris:trackid": .string("/org/linnet/Track/7"),
        "mpris:length": .integer(6_000_000),
        "xesam:url": .string("file:///data/demo/07%20untagged.wav")
    ])
}
