import DBus
import Foundation
import Testing
import TestSupport

extension ServiceSuites {
    /// What linnetd leaves unopened until it is needed (idle RSS): a queue of every demo format, paused on its MP3,
    /// shows every track's length and tags (read from the headers: libsndfile, which libpulse maps anyway, runs
    /// none of its format probes) with libfaad2, libcurl, librubberband and libsoxr not mapped; the FLAC then
    /// plays, and an M4A added to the queue maps libfaad2.
    @Suite(.serialized) struct OnDemandLibraryTests {
        @Test func queuedTracksAreDescribedWithoutTheirDecoders() throws {
            let names = ["01-intro.mp3", "02-chords.flac", "05-pluck.ogg", "06-bass.opus", "07-untagged.wav"]
            let f = try ServiceFixture()
            let daemon = try f.launch(["--no-restore"] + names.map { ServiceFixture.demo + "/" + $0 })
            try f.waitUntil("playing", timeout: 10) { try f.status() == "Playing" }
            try f.call(ServiceFixture.player, "Pause")
            try f.waitUntil("paused", timeout: 5) { try f.status() == "Paused" }
            let ids = try f.tracks()
            #expect(ids.count == names.count)
            func details() throws -> [[String: DBusValue]] {
                let out = try f.call(
                    ServiceFixture.trackList, "GetTracksMetadata",
                    [.array(element: .objectPath, ids.map { .objectPath(DBusObjectPath($0)!) })])
                guard case .array(_, let items)? = out.first else { return [] }
                return items.map { ($0.stringKeyedDictionary ?? [:]).mapValues(\.unwrappingVariants) }
            }
            // The background probe fills in every length (the untagged WAV has a length and no title).
            try f.waitUntil("every length known", timeout: 10) {
                try details().count == names.count && details().allSatisfy { $0["mpris:length"] != nil }
            }
            let described = try details()
            #expect(
                described.map { $0["mpris:length"]?.integerValue } == [
                    12_000_000, 8_000_000, 10_000_000, 10_000_000, 6_000_000
                ])
            #expect(described[1]["xesam:title"]?.stringValue?.isEmpty == false)
            #expect(described[3]["xesam:title"]?.stringValue?.isEmpty == false)
            for library in ["libfaad", "libcurl", "librubberband", "libsoxr"] {
                #expect(try !ProcFile.maps(daemon.pid, library), "\(library) is mapped while an MP3 is paused")
            }
            try f.call(ServiceFixture.player, "Next")
            try f.call(ServiceFixture.player, "Play")
            try f.waitUntil("the FLAC playing", timeout: 10) {
                try f.trackID() == ids[1] && f.status() == "Playing" && f.position() > 300_000
            }
            #expect(try !ProcFile.maps(daemon.pid, "libfaad"))
            let media = try TemporaryDirectory(prefix: "linnet-on-demand")
            try TestMedia.sineWAV(media.file("tone.wav"), seconds: 2)
            try TestMedia.ffmpeg(media.file("tone.wav"), to: media.file("tone.m4a"))
            try f.call(
                ServiceFixture.trackList, "AddTrack",
                [.string("file://" + media.file("tone.m4a")), .objectPath(DBusObjectPath(ids[4])!), .boolean(false)])
            try f.waitUntil("libfaad2 opened for the M4A", timeout: 10) { try ProcFile.maps(daemon.pid, "libfaad") }
        }
    }
}
