import Testing
@testable import PlayerCore

@Suite struct InterruptionPolicyTests {
    @Test func corkWhilePlayingPausesAndUncorkResumes() {
        var p = InterruptionPolicy()
        #expect(p.handle(.began(.corkRequest), isPlaying: true) == .pause)
        #expect(p.isInterrupted)
        #expect(p.handle(.ended(.corkRequest), isPlaying: false) == .resume)
        #expect(!p.isInterrupted && !p.resumeWhenEnded)
    }

    @Test func userPausedDuringInterruptionStaysPaused() {
        var p = InterruptionPolicy()
        #expect(p.handle(.began(.corkRequest), isPlaying: true) == .pause)
        #expect(p.handle(.userChoseState, isPlaying: false) == .none)
        #expect(p.handle(.ended(.corkRequest), isPlaying: false) == .none)
    }

    @Test func userPlayedDuringInterruptionIsNotResumedTwice() {
        var p = InterruptionPolicy()
        _ = p.handle(.began(.communicationStream(7)), isPlaying: true)
        #expect(p.handle(.userChoseState, isPlaying: false) == .none)
        #expect(p.handle(.ended(.communicationStream(7)), isPlaying: true) == .none)
    }

    @Test func notPlayingWhenInterruptedMeansNoResume() {
        var p = InterruptionPolicy()
        #expect(p.handle(.began(.corkRequest), isPlaying: false) == .none)
        #expect(p.handle(.ended(.corkRequest), isPlaying: false) == .none)
    }

    /// PulseAudio with module-role-cork: the call gives a cork request and a communication stream.
    @Test func overlappingSourcesPauseAndResumeOnce() {
        var p = InterruptionPolicy()
        #expect(p.handle(.began(.communicationStream(3)), isPlaying: true) == .pause)
        #expect(p.handle(.began(.corkRequest), isPlaying: false) == .none)
        #expect(p.handle(.ended(.corkRequest), isPlaying: false) == .none)
        #expect(p.isInterrupted)
        #expect(p.handle(.ended(.communicationStream(3)), isPlaying: false) == .resume)
    }

    @Test func duplicateAndUnknownEventsAreHarmless() {
        var p = InterruptionPolicy()
        #expect(p.handle(.ended(.corkRequest), isPlaying: true) == .none)
        #expect(p.handle(.began(.corkRequest), isPlaying: true) == .pause)
        #expect(p.handle(.began(.corkRequest), isPlaying: false) == .none)
        #expect(p.handle(.ended(.communicationStream(1)), isPlaying: false) == .none)
        #expect(p.handle(.ended(.corkRequest), isPlaying: false) == .resume)
        #expect(p.handle(.ended(.corkRequest), isPlaying: true) == .none)
    }

    /// Headphones unplugged during a call: the route policy (asked as if playing) says pause, so the pending
    /// resume is cancelled and the end of the call does not start the music on the speakers.
    @Test func routePauseDuringInterruptionCancelsTheResume() {
        var p = InterruptionPolicy()
        #expect(p.handle(.began(.corkRequest), isPlaying: true) == .pause)
        let wouldPlay = RoutePlaybackContext(isPlaying: p.resumeWhenEnded)
        let decision = RoutePolicy.decide(
            old: Routes.headphones, new: Routes.speakers, reason: .oldDeviceUnavailable, context: wouldPlay)
        #expect(decision == .pause)
        #expect(p.handle(.cancelResume, isPlaying: false) == .none)
        #expect(p.handle(.ended(.corkRequest), isPlaying: false) == .none)
    }

    @Test func communicationRoleDetection() {
        #expect(StreamRole.isCommunication(["media.role": "phone"]))
        #expect(StreamRole.isCommunication(["media.role": "Communication"]))
        #expect(StreamRole.isCommunication(["media.role": "communication"]))
        #expect(!StreamRole.isCommunication(["media.role": "music"]))
        #expect(!StreamRole.isCommunication(["media.role": "event"]))
        #expect(!StreamRole.isCommunication(["media.category": "Duplex"]))
        #expect(!StreamRole.isCommunication([:]))
    }
}
