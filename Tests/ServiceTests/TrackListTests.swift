import DBus
import Foundation
import Testing
import TestSupport

extension ServiceSuites {
    /// TrackList methods and signals on the real service.
    @Suite(.serialized) struct TrackListTests {
        static let trackList = ServiceFixture.trackList

        @Test func addRemoveGoToAndTheirSignals() throws {
            let f = try ServiceFixture()
            try f.launch([ServiceFixture.demo + "/01-intro.mp3", ServiceFixture.demo + "/02-chords.flac"])
            try f.waitUntil("playing", timeout: 10) { try f.status() == "Playing" }
            #expect(try f.tracks() == ["/org/linnet/Track/1", "/org/linnet/Track/2"])
            #expect(try f.get(Self.trackList, "CanEditTracks") == .boolean(true))
            let signals = try SignalRecorder(address: f.servers.busAddress)

            // AddTrack after track 1, not current.
            try f.call(
                Self.trackList, "AddTrack",
                [
                    .string("file://" + ServiceFixture.demo + "/05-pluck.ogg"),
                    .objectPath("/org/linnet/Track/1"), .boolean(false)
                ])
            let added = try #require(signals.wait { $0.member == "TrackAdded" })
            #expect(added.arguments[1] == .objectPath("/org/linnet/Track/1"))
            let meta = added.arguments[0].stringKeyedDictionary?.mapValues(\.unwrappingVariants)
            #expect(meta?["mpris:trackid"] == .objectPath("/org/linnet/Track/3"))
            #expect(meta?["xesam:title"] == .string("Hänfling plucks"))
            #expect(try f.tracks() == ["/org/linnet/Track/1", "/org/linnet/Track/3", "/org/linnet/Track/2"])
            // Tracks is announced by invalidation, as the spec declares.
            let inval = signals.wait {
                $0.member == "PropertiesChanged" && $0.arguments.first == .string(Self.trackList)
            }
            #expect(inval?.arguments[2] == DBusValue(["Tracks"]))
            #expect(try f.trackID() == "/org/linnet/Track/1")

            // GetTracksMetadata, in the order asked; unknown ids are left out.
            let out = try f.call(
                Self.trackList, "GetTracksMetadata",
                [
                    .array(
                        element: .objectPath,
                        [
                            .objectPath("/org/linnet/Track/2"), .objectPath("/org/linnet/Track/77"),
                            .objectPath("/org/linnet/Track/3")
                        ])
                ])
            guard case .array(_, let items)? = out.first else { Issue.record("GetTracksMetadata"); return }
            let titles = items.map { $0.stringKeyedDictionary?["xesam:title"]?.unwrappingVariants }
            #expect(titles == [.string("Chords in a FLAC"), .string("Hänfling plucks")])

            // GoTo plays the entry.
            try f.call(Self.trackList, "GoTo", [.objectPath("/org/linnet/Track/3")])
            try f.waitUntil("track 3", timeout: 10) { try f.trackID() == "/org/linnet/Track/3" }

            // RemoveTrack of the current entry moves on to its successor, still playing.
            signals.clear()
            try f.call(Self.trackList, "RemoveTrack", [.objectPath("/org/linnet/Track/3")])
            #expect(signals.wait { $0.member == "TrackRemoved" }?.arguments == [.objectPath("/org/linnet/Track/3")])
            try f.waitUntil("track 2", timeout: 10) {
                try f.trackID() == "/org/linnet/Track/2" && f.status() == "Playing"
            }

            // AddTrack at the start (NoTrack) as current.
            signals.clear()
            try f.call(
                Self.trackList, "AddTrack",
                [
                    .string("file://" + ServiceFixture.demo + "/07-untagged.wav"),
                    .objectPath("/org/mpris/MediaPlayer2/TrackList/NoTrack"), .boolean(true)
                ])
            #expect(
                signals.wait { $0.member == "TrackAdded" }?.arguments[1]
                    == .objectPath("/org/mpris/MediaPlayer2/TrackList/NoTrack"))
            try f.waitUntil("the added track plays", timeout: 10) { try f.trackID() == "/org/linnet/Track/4" }
            #expect(try f.tracks().first == "/org/linnet/Track/4")
        }

        @Test func folderTracksGetTheirMetadataLater() throws {
            let f = try ServiceFixture()
            try f.launch(["--no-restore"])
            let signals = try SignalRecorder(address: f.servers.busAddress)
            try f.call(
                Self.trackList, "AddTrack",
                [
                    .string("file://" + ServiceFixture.demo),
                    .objectPath("/org/mpris/MediaPlayer2/TrackList/NoTrack"), .boolean(false)
                ])
            try f.waitUntil("8 tracks", timeout: 10) { try f.tracks().count == 8 }
            #expect(signals.wait { $0.member == "TrackAdded" } != nil)
            // Tags are read in the background and announced per track.
            let changed = signals.wait(timeout: 15) { s in
                s.member == "TrackMetadataChanged" && s.arguments.first == .objectPath("/org/linnet/Track/2")
            }
            let meta = changed?.arguments[1].stringKeyedDictionary?.mapValues(\.unwrappingVariants)
            #expect(meta?["xesam:title"] == .string("Chords in a FLAC"))
            // The file has ARTIST twice; libsndfile reports only the first (a decoder limitation).
            #expect(meta?["xesam:artist"]?.as([String].self)?.first == "Linnet")
            #expect(try f.status() == "Stopped")
            #expect(try f.trackID() == "/org/linnet/Track/1")
        }
    }
}
