import LinnetCLI
import SnapcastBridge
import Testing

@Suite struct PlayerCallPlanTests {
    private var playing: PlayerState {
        var s = PlayerState()
        s.apply([
            "PlaybackStatus": .string("Playing"), "Volume": .number(0.8),
            "Metadata": .object([("mpris:trackid", .string("/org/linnet/Track/7"))])
        ])
        return s
    }

    private func calls(_ call: PluginCall, _ state: PlayerState? = nil, mute: MuteEmulation = MuteEmulation())
        -> [PlayerCall]?
    {
        try? PlayerCallPlan.plan(call, state: state ?? playing, mute: mute).get().calls
    }

    @Test func controlsAreMPRISMethods() {
        #expect(calls(.control(.play)) == [.method("Play", [])])
        #expect(calls(.control(.pause)) == [.method("Pause", [])])
        #expect(calls(.control(.playPause)) == [.method("PlayPause", [])])
        #expect(calls(.control(.stop)) == [.method("Stop", [])])
        #expect(calls(.control(.next)) == [.method("Next", [])])
        #expect(calls(.control(.previous)) == [.method("Previous", [])])
        #expect(calls(.control(.seek(offsetSeconds: -2.5))) == [.method("Seek", [.int64(-2_500_000)])])
        #expect(
            calls(.control(.setPosition(seconds: 61.25)))
                == [.method("SetPosition", [.objectPath("/org/linnet/Track/7"), .int64(61_250_000)])])
    }

    @Test func setPositionNeedsACurrentTrack() {
        var none = PlayerState()
        none.apply(["Metadata": .object([("mpris:trackid", .string("/org/mpris/MediaPlayer2/TrackList/NoTrack"))])])
        let result = PlayerCallPlan.plan(.control(.setPosition(seconds: 1)), state: none, mute: MuteEmulation())
        #expect(throws: PluginError.player("the player has no current track")) { try result.get() }
    }

    @Test func secondsBeyondMicrosecondsAreRefusedNotTrapped() {
        for seconds in [1e13, -1e13, 9.3e12] {
            let result = PlayerCallPlan.plan(
                .control(.seek(offsetSeconds: seconds)), state: playing, mute: MuteEmulation())
            #expect(throws: PluginError.self) { try result.get() }
        }
        #expect(calls(.control(.seek(offsetSeconds: 9e12))) == [.method("Seek", [.int64(9_000_000_000_000_000_000)])])
    }

    @Test func propertiesAreMPRISProperties() {
        #expect(
            calls(.setProperties([.loopStatus(.playlist), .shuffle(true), .volume(percent: 40), .rate(1.25)]))
                == [
                    .set("LoopStatus", .string("Playlist")), .set("Shuffle", .boolean(true)),
                    .set("Volume", .double(0.4)),
                    .set("Rate", .double(1.25))
                ])
        #expect(calls(.setProperties([.loopStatus(.none)])) == [.set("LoopStatus", .string("None"))])
    }

    @Test func muteIsVolumeZeroAndBack() throws {
        let muted = try PlayerCallPlan.plan(.setProperties([.mute(true)]), state: playing, mute: MuteEmulation()).get()
        #expect(muted.calls == [.set("Volume", .double(0))])
        #expect(muted.mute.isMuted && muted.mute.restoreVolume == 0.8)
        // Muting again changes nothing.
        #expect(calls(.setProperties([.mute(true)]), mute: muted.mute) == [])
        // A volume while muted only changes what comes back.
        let adjusted = try PlayerCallPlan.plan(.setProperties([.volume(percent: 30)]), state: playing, mute: muted.mute)
            .get()
        #expect(adjusted.calls == [])
        #expect(adjusted.mute.restoreVolume == 0.3)
        let unmuted = try PlayerCallPlan.plan(.setProperties([.mute(false)]), state: playing, mute: adjusted.mute).get()
        #expect(unmuted.calls == [.set("Volume", .double(0.3))])
        #expect(!unmuted.mute.isMuted)
        #expect(calls(.setProperties([.mute(false)])) == [])
    }
}

@Suite struct MuteEmulationTests {
    @Test func anAudibleVolumeFromElsewhereEndsTheMute() {
        var m = MuteEmulation().muting(true, current: 0.6).after
        m.observe(playerVolume: 0)  // the player confirms the mute
        #expect(m.isMuted)
        #expect(m.shownVolume(player: 0) == 0.6)
        m.observe(playerVolume: nil)
        #expect(m.isMuted)
        m.observe(playerVolume: 0.5)  // someone turned it up
        #expect(!m.isMuted)
        #expect(m.shownVolume(player: 0.5) == 0.5)
    }

    @Test func mutingAPlayerOfUnknownVolumeRestoresFull() {
        let (set, after) = MuteEmulation().muting(true, current: nil)
        #expect(set == 0)
        #expect(after.muting(false, current: 0).setVolume == 1)
    }
}
