import Foundation
import PlayerCore
import Testing
import TestSupport

extension PlaybackIntegration {
    /// Volume, mute and stream properties as the server (pactl) sees them, both ways.
    @Suite(.serialized) struct OutputControlTests {
        /// Polls pactl (an external process) until `match` holds for our sink input, with a deadline.
        func waitForSinkInput(
            _ h: EngineHarness, timeout: Double = 10,
            _ match: ([String: Any]) -> Bool
        ) throws -> [String: Any]? {
            let deadline = Date().addingTimeInterval(timeout)
            while Date() < deadline {
                if let input = try h.server.sinkInputs().first(where: match) { return input }
                Thread.sleep(forTimeInterval: 0.05)  // polling an external tool with a deadline (tests only)
            }
            return nil
        }

        func volumePercent(_ input: [String: Any]) -> Int? {
            guard let volume = input["volume"] as? [String: Any],
                let channel = volume.values.first as? [String: Any],
                let text = channel["value_percent"] as? String
            else { return nil }
            return Int(text.trimmingCharacters(in: CharacterSet(charactersIn: "% ")))
        }

        @Test func propertiesVolumeAndMuteBothWays() throws {
            let h = try EngineHarness()
            h.engine.play(PlaybackItem(id: "Counter Song", location: "counter:0:\(44100 * 60)"))
            #expect(h.log.wait(isTrackStarted("Counter Song")) != nil)

            let input = try #require(try waitForSinkInput(h) { _ in true })
            let props = try #require(input["properties"] as? [String: String])
            #expect(props["media.role"] == "music")
            #expect(props["application.name"] == "Linnet")
            #expect(props["application.id"] == "org.mpris.MediaPlayer2.linnet")
            #expect(props["application.icon_name"] == "linnet")
            #expect(props["media.title"] == "Counter Song")
            #expect(props["media.artist"] == "Linnet Tests")
            let index = try #require(input["index"] as? Int)

            // Linnet → server.
            h.engine.setVolume(0.5)
            #expect(try waitForSinkInput(h) { volumePercent($0) == 50 } != nil, "pactl never showed 50%")
            h.engine.setMuted(true)
            #expect(try waitForSinkInput(h) { ($0["mute"] as? Bool) == true } != nil)
            h.engine.setMuted(false)
            #expect(try waitForSinkInput(h) { ($0["mute"] as? Bool) == false } != nil)

            // Outside → Linnet (as pavucontrol would).
            let from = h.log.count
            try h.server.pactl("set-sink-input-volume", String(index), "30%")
            let changed = h.log.wait(from: from) {
                if case .volumeChanged(let v) = $0 { return abs(v - 0.3) < 0.01 } else { return false }
            }
            #expect(changed != nil, "no volumeChanged(0.3); events: \(h.log.all.dropFirst(from).map { "\($0.event)" })")
            #expect(abs(h.engine.volume - 0.3) < 0.01)
            try h.server.pactl("set-sink-input-mute", String(index), "1")
            #expect(
                h.log.wait(from: from) { if case .muteChanged(true) = $0 { return true } else { return false } } != nil)
            #expect(h.engine.isMuted)
            // Our own change is not echoed back as an outside change.
            let ownFrom = h.log.count
            h.engine.setVolume(0.8)
            #expect(try waitForSinkInput(h) { volumePercent($0) == 80 } != nil)
            #expect(
                !h.log.all.dropFirst(ownFrom).contains {
                    if case .volumeChanged = $0.event { return true } else { return false }
                })
        }

        @Test func titleFollowsTheTrackAtAGaplessBoundary() throws {
            let h = try EngineHarness()
            h.log.upcoming.set([PlaybackItem(id: "Second", location: "counter:22050:\(44100 * 30)")])
            h.engine.play(PlaybackItem(id: "First", location: "counter:0:22050"))
            #expect(h.log.wait(isTrackStarted("Second")) != nil)
            let input = try waitForSinkInput(h) {
                (($0["properties"] as? [String: String])?["media.title"]) == "Second"
            }
            #expect(input != nil, "media.title was not updated to the second track")
        }
    }
}
