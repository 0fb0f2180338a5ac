import Testing
@testable import PlayerCore

/// When start-up's load counts as settled (the bus name waits for it), event by event, with the engine's state as
/// the main actor reads it after handling each one.
@Suite struct StartupSettlingTests {
    let track = PlaybackItem(id: "a", location: "/music/a.mp3")
    let cd = AudioFormat(sampleRate: 44100, channels: 2, sampleFormat: .int16)

    /// Runs `steps` (event, isLoading, state after it) in order; returns the index of the first settled one.
    func settlesAt(_ steps: [(PlaybackEvent, Bool, PlaybackState)]) -> Int? {
        steps.firstIndex { StartupSettling.isSettled(after: $0.0, isLoading: $0.1, state: $0.2) }
    }

    /// The race behind issue 18's slow starts: Playing is reported when the load begins, and the main actor
    /// handled it while the file was still opening; the next event was the first heard sample, seconds later.
    @Test func aPlayingStateSeenWhileOpeningWaitsForTheLoadItself() {
        let heard = TrackInfo(format: cd, durationMicroseconds: 1, isSeekable: true, tags: .init())
        let steps: [(PlaybackEvent, Bool, PlaybackState)] = [
            (.stateChanged(.playing), true, .playing),
            (.loaded(track), false, .playing),
            (.trackStarted(track, heard), false, .playing)
        ]
        #expect(settlesAt(steps) == 1)
    }

    @Test func aStateSeenAfterTheLoadEndedSettlesAtOnce() {
        #expect(settlesAt([(.stateChanged(.paused), false, .paused), (.loaded(track), false, .paused)]) == 0)
        #expect(settlesAt([(.stateChanged(.playing), false, .playing)]) == 0)
    }

    /// A load that a newer `play` superseded is not the end of start-up's loading.
    @Test func aLoadWithAnotherOpeningBehindItIsNotSettled() {
        #expect(!StartupSettling.isSettled(after: .loaded(track), isLoading: true, state: .playing))
    }

    /// A file that fails: the engine asks for the next; settled only when nothing else opens (all gone).
    @Test func aFailedLoadSettlesOnlyWhenNothingElseOpens() {
        let failure = PlaybackError.output(AudioOutputError(.streamFailed, operation: "open", message: "test"))
        let nextOpens: [(PlaybackEvent, Bool, PlaybackState)] = [
            (.stateChanged(.playing), true, .playing),
            (.error(track, failure), false, .stopped),
            (.stateChanged(.stopped), false, .stopped),
            (.needsNext(after: track), true, .playing),
            (.loaded(PlaybackItem(id: "b", location: "/music/b.mp3")), false, .playing)
        ]
        #expect(settlesAt(nextOpens) == 4)
        let nothingLeft: [(PlaybackEvent, Bool, PlaybackState)] = [
            (.stateChanged(.playing), true, .playing),
            (.error(track, failure), false, .stopped),
            (.stateChanged(.stopped), false, .stopped),
            (.needsNext(after: track), false, .stopped)
        ]
        #expect(settlesAt(nothingLeft) == 3)
    }

    /// Events that say nothing about the load (the route, the volume) never settle it, whatever the state.
    @Test func otherEventsNeverSettle() {
        let others: [PlaybackEvent] = [
            .output(.routeChanged(old: nil, new: nil, reason: .newDeviceAvailable)), .volumeChanged(0.5),
            .positionJumped(microseconds: 0), .underrun(count: 1), .stateChanged(.stopped), .endOfQueue
        ]
        for event in others {
            #expect(!StartupSettling.isSettled(after: event, isLoading: false, state: .playing), "\(event)")
        }
    }
}
