import DBus
import Foundation
import Testing
import TestSupport

extension ServiceSuites {
    /// Every Player method's effect and the signals it causes, on the real service.
    @Suite(.serialized) struct PlayerMethodTests {
        static let player = ServiceFixture.player

        @Test func pauseEmitsOnePropertiesChangedWithValuesAndPositionFreezes() throws {
            let f = try ServiceFixture()
            try f.launch([ServiceFixture.demo])
            try f.waitUntil("playing", timeout: 10) { try f.status() == "Playing" && f.position() > 300_000 }
            let signals = try SignalRecorder(address: f.servers.busAddress)
            // Position advances about 1 s per second while playing.
            let p0 = try f.position(), t0 = Date()
            try f.waitUntil("1.5 s of playback", timeout: 10) { Date().timeIntervalSince(t0) >= 1.5 }
            let p1 = try f.position(), elapsed = Date().timeIntervalSince(t0)
            let rate = Double(p1 - p0) / 1e6 / elapsed
            #expect(rate > 0.8 && rate < 1.2, "position advanced \(p1 - p0) µs in \(elapsed) s")

            try f.call(Self.player, "Pause")
            let changed = signals.propertiesChanged(Self.player, "PlaybackStatus")
            #expect(changed == ["PlaybackStatus": .string("Paused")])
            if let pc = signals.wait({ $0.member == "PropertiesChanged" }) {
                #expect(pc.arguments[2] == .array(element: .string, []), "values, not invalidations")
            }
            let frozen = try f.position()
            let t1 = Date()
            try f.waitUntil("1 s paused", timeout: 10) { Date().timeIntervalSince(t1) >= 1.0 }
            #expect(try f.position() == frozen)
            #expect(try f.status() == "Paused")
            try f.call(Self.player, "Pause")  // already paused: no effect
            try f.call(Self.player, "PlayPause")
            #expect(try f.status() == "Playing")
            // Never a PropertiesChanged for Position, exactly one for the pause.
            let all = signals.all("PropertiesChanged")
            #expect(!all.contains { $0.arguments[1].stringKeyedDictionary?["Position"] != nil })
            #expect(
                all.filter { $0.arguments[1].stringKeyedDictionary?["PlaybackStatus"] == .variant(.string("Paused")) }
                    .count == 1)
        }

        /// GoTo of the track that plays restarts it as a seek: Position goes back to 0 and clients hear of it
        /// (the soak saw Position fall from 4 s to 0 with no signal).
        @Test func goToTheCurrentTrackIsASeekToZero() throws {
            let f = try ServiceFixture()
            try f.launch([ServiceFixture.demo + "/01-intro.mp3", ServiceFixture.demo + "/02-chords.flac"])
            try f.waitUntil("1 s played", timeout: 10) { try f.status() == "Playing" && f.position() > 1_000_000 }
            let signals = try SignalRecorder(address: f.servers.busAddress)
            let track = try #require(try f.trackID())
            try f.call(ServiceFixture.trackList, "GoTo", [.objectPath(DBusObjectPath(track)!)])
            #expect(signals.wait { $0.member == "Seeked" }?.arguments == [.int64(0)])
            #expect(try f.position() < 1_000_000)
            #expect(try f.trackID() == track)
            #expect(try f.status() == "Playing")
            // The same while paused: GoTo plays it from the start.
            try f.call(Self.player, "Pause")
            signals.clear()
            try f.call(ServiceFixture.trackList, "GoTo", [.objectPath(DBusObjectPath(track)!)])
            #expect(signals.wait { $0.member == "Seeked" }?.arguments == [.int64(0)])
            try f.waitUntil("playing again", timeout: 10) { try f.status() == "Playing" }
        }

        /// OpenUri of "/" answers and the service stays responsive while the (bounded) walk runs off its queue.
        @Test func openUriOfTheRootStaysResponsive() throws {
            let f = try ServiceFixture()
            try f.launch([ServiceFixture.demo + "/01-intro.mp3"])
            try f.waitUntil("playing", timeout: 10) { try f.status() == "Playing" }
            let start = Date()
            _ = try? f.call(Self.player, "OpenUri", [.string("file:///")])
            #expect(Date().timeIntervalSince(start) < 2, "OpenUri(file:///) took \(Date().timeIntervalSince(start)) s")
            for _ in 0..<20 {
                let t = Date()
                do { _ = try f.status() } catch { Issue.record("\(error)\n\(f.log())"); return }
                #expect(Date().timeIntervalSince(t) < 1, "Get took \(Date().timeIntervalSince(t)) s during the walk")
                Thread.sleep(forTimeInterval: 0.05)  // sampling responsiveness over a second
            }
            #expect(f.daemon?.isRunning == true, "\(f.log())")
        }

        @Test func seekAndSetPositionEmitSeeked() throws {
            let f = try ServiceFixture()
            try f.launch([ServiceFixture.demo + "/01-intro.mp3", ServiceFixture.demo + "/02-chords.flac"])
            try f.waitUntil("playing", timeout: 10) { try f.status() == "Playing" }
            let signals = try SignalRecorder(address: f.servers.busAddress)
            let track = try #require(try f.trackID())

            try f.call(Self.player, "SetPosition", [.objectPath(DBusObjectPath(track)!), .int64(6_000_000)])
            let seeked = signals.wait { $0.member == "Seeked" }
            #expect(seeked?.arguments == [.int64(6_000_000)])
            #expect(abs(try f.position() - 6_000_000) < 1_000_000)

            signals.clear()
            try f.call(Self.player, "Seek", [.int64(-2_000_000)])
            let back = try #require(signals.wait { $0.member == "Seeked" }?.arguments.first?.integerValue)
            #expect(back > 3_000_000 && back < 5_500_000)

            signals.clear()
            try f.call(Self.player, "Seek", [.int64(-60_000_000)])  // before 0 clamps to 0
            #expect(signals.wait { $0.member == "Seeked" }?.arguments == [.int64(0)])

            // A stale track id is ignored.
            signals.clear()
            try f.call(Self.player, "SetPosition", [.objectPath("/org/linnet/Track/999"), .int64(1_000_000)])
            try f.call(
                Self.player, "SetPosition",
                [.objectPath("/org/mpris/MediaPlayer2/TrackList/NoTrack"), .int64(1_000_000)])
            #expect(signals.wait(timeout: 0.5) { $0.member == "Seeked" } == nil)

            // Past the end goes to the next track.
            try f.call(Self.player, "Seek", [.int64(60_000_000)])
            try f.waitUntil("next track", timeout: 10) { try f.trackID() != track }
            #expect(try f.metadata()["xesam:title"] == .string("Chords in a FLAC"))
            #expect(try f.status() == "Playing")
            // At the last track with LoopStatus None, past the end stops at the first track.
            try f.call(Self.player, "Seek", [.int64(60_000_000)])
            try f.waitUntil("stopped", timeout: 10) { try f.status() == "Stopped" }
            #expect(try f.trackID() == track)
            #expect(try f.position() == 0)
        }

        @Test func nextPreviousStopPlayAndCans() throws {
            let f = try ServiceFixture()
            try f.launch([ServiceFixture.demo + "/01-intro.mp3", ServiceFixture.demo + "/02-chords.flac"])
            try f.waitUntil("playing", timeout: 10) { try f.status() == "Playing" }
            let first = try f.trackID()
            #expect(try f.get(Self.player, "CanGoNext") == .boolean(true))
            #expect(try f.get(Self.player, "CanGoPrevious") == .boolean(false))
            let signals = try SignalRecorder(address: f.servers.busAddress)
            try f.call(Self.player, "Next")
            // The change that carries the next track's Metadata (not a late tag probe of the first track, which a
            // loaded machine can deliver after the recorder started): it carries the new Can* values with it.
            let change = signals.wait { s in
                guard s.member == "PropertiesChanged", s.arguments.first == .string(Self.player),
                    let metadata = s.arguments[1].stringKeyedDictionary?["Metadata"]?.unwrappingVariants
                        .stringKeyedDictionary
                else { return false }
                return metadata["mpris:trackid"]?.unwrappingVariants.stringValue != first
            }.flatMap { $0.arguments[1].stringKeyedDictionary?.mapValues(\.unwrappingVariants) }
            #expect(change?["CanGoNext"] == .boolean(false))
            #expect(change?["CanGoPrevious"] == .boolean(true))
            #expect(try f.trackID() != first)
            try f.call(Self.player, "Next")  // CanGoNext false: no effect
            #expect(try f.status() == "Playing")
            try f.call(Self.player, "Previous")
            #expect(try f.trackID() == first)
            try f.call(Self.player, "Stop")
            #expect(try f.status() == "Stopped")
            #expect(try f.position() == 0)
            #expect(try f.get(Self.player, "CanSeek") == .boolean(false))
            try f.call(Self.player, "Play")
            try f.waitUntil("playing again", timeout: 10) { try f.status() == "Playing" }
            #expect(try f.trackID() == first)
            // LoopStatus Playlist makes Previous at the first track wrap.
            try f.set(Self.player, "LoopStatus", .string("Playlist"))
            #expect(try f.get(Self.player, "CanGoPrevious") == .boolean(true))
        }

        @Test func endOfQueueStopsAtTheFirstTrack() throws {
            let f = try ServiceFixture()
            let a = f.stateDir.file("a.wav"), b = f.stateDir.file("b.wav")
            try TestMedia.sineWAV(a, seconds: 1.5)
            try TestMedia.sineWAV(b, seconds: 1.5, frequency: 660)
            let signals = try SignalRecorder(address: f.servers.busAddress)
            try f.launch([a, b])
            let first = "/org/linnet/Track/1"
            try f.waitUntil("the second track", timeout: 20) { try f.trackID() == "/org/linnet/Track/2" }
            // The move to the second track was played through: no Seeked for it.
            #expect(signals.all("Seeked").isEmpty)
            try f.waitUntil("the end of the queue", timeout: 20) {
                try f.status() == "Stopped" && f.get(ServiceFixture.player, "CanGoNext") == .boolean(true)
            }
            #expect(try f.trackID() == first)
            #expect(try f.metadata()["xesam:title"] == .string("a"))
            // One event, one PropertiesChanged: the signal that says Stopped also carries the move to the first
            // track (a client that redraws on it must not show the last track as stopped).
            let stopped = signals.wait { s in
                s.member == "PropertiesChanged"
                    && s.arguments[1].stringKeyedDictionary?["PlaybackStatus"]?.unwrappingVariants == .string("Stopped")
            }
            let changed = stopped?.arguments[1].stringKeyedDictionary?.mapValues(\.unwrappingVariants)
            #expect(changed != nil, "no PropertiesChanged with PlaybackStatus Stopped")
            let trackid = changed?["Metadata"]?.stringKeyedDictionary?["mpris:trackid"]?.unwrappingVariants
            #expect(trackid == .objectPath(DBusObjectPath(first)!))
            try f.call(Self.player, "Play")
            try f.waitUntil("plays again", timeout: 10) { try f.status() == "Playing" || f.trackID() != first }
        }

        @Test func trackRepeatSendsSeekedToZeroAndKeepsTheTrackID() throws {
            let f = try ServiceFixture()
            let a = f.stateDir.file("a.wav"), b = f.stateDir.file("b.wav")
            try TestMedia.sineWAV(a, seconds: 1.2)
            try TestMedia.sineWAV(b, seconds: 1.2, frequency: 660)
            try f.launch([a, b])
            try f.set(Self.player, "LoopStatus", .string("Track"))
            let signals = try SignalRecorder(address: f.servers.busAddress)
            // The natural end of track 1 starts it again: same trackid, Seeked(0) so clients reset their clock.
            #expect(signals.wait(timeout: 15) { $0.member == "Seeked" }?.arguments == [.int64(0)])
            #expect(try f.trackID() == "/org/linnet/Track/1")
            #expect(try f.status() == "Playing")
            // A user Next still moves on with repeat-one.
            try f.call(Self.player, "Next")
            try f.waitUntil("track 2", timeout: 10) { try f.trackID() == "/org/linnet/Track/2" }
        }

        @Test func volumeIsTheStreamVolumeBothWays() throws {
            let f = try ServiceFixture()
            try f.launch([ServiceFixture.demo + "/01-intro.mp3"])
            try f.waitUntil("playing", timeout: 10) { try f.status() == "Playing" }
            let pulse = ["PULSE_SERVER": f.servers.pulseAddress]
            try f.set(Self.player, "Volume", .double(0.5))
            try f.waitUntil("the stream at 50%", timeout: 10) {
                try Child.run("pactl", ["list", "sink-inputs"], environment: pulse).output.contains("/  50% /")
            }
            // A change made outside (pavucontrol, pactl) comes back as PropertiesChanged(Volume).
            let signals = try SignalRecorder(address: f.servers.busAddress)
            let inputs = try Child.run("pactl", ["list", "short", "sink-inputs"], environment: pulse).output
            let index = try #require(inputs.split(separator: "\t").first.map(String.init))
            #expect(try Child.run("pactl", ["set-sink-input-volume", index, "25%"], environment: pulse).status == 0)
            let v = signals.propertiesChanged(Self.player, "Volume")?["Volume"]?.doubleValue ?? -1
            #expect(abs(v - 0.25) < 0.01)
            #expect(abs((try f.get(Self.player, "Volume").doubleValue ?? -1) - 0.25) < 0.01)
        }

        @Test func emptyQueueHasNothingToPlay() throws {
            let f = try ServiceFixture()
            try f.launch(["--no-restore"])
            try f.call(Self.player, "Play")
            #expect(try f.status() == "Stopped")
            #expect(try f.get(Self.player, "CanPlay") == .boolean(false))
            #expect(try f.metadata().isEmpty)
            #expect(try f.tracks().isEmpty)
            try f.call(Self.player, "Next")
            try f.call(Self.player, "Seek", [.int64(1_000_000)])
            #expect(try f.status() == "Stopped")
        }

        @Test func openUriAddsAndPlays() throws {
            let f = try ServiceFixture()
            try f.launch(["--no-restore"])
            let signals = try SignalRecorder(address: f.servers.busAddress)
            try f.call(Self.player, "OpenUri", [.string("file://" + ServiceFixture.demo + "/07-untagged.wav")])
            try f.waitUntil("playing", timeout: 10) { try f.status() == "Playing" }
            #expect(try f.metadata()["xesam:title"] == .string("07-untagged"))
            #expect(try f.metadata()["mpris:length"] == .int64(6_000_000))
            #expect(
                signals.wait { $0.member == "TrackAdded" }?.arguments[1]
                    == .objectPath("/org/mpris/MediaPlayer2/TrackList/NoTrack"))
            #expect(signals.propertiesChanged(Self.player, "CanPlay")?["CanPlay"] == .boolean(true))
        }
    }
}
