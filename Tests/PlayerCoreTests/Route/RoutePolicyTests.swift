import Testing
@testable import PlayerCore

@Suite struct RoutePolicyTests {
    typealias Case = (AudioRoute?, AudioRoute?, RouteChangeReason, RouteDecision)

    /// While playing: pause exactly when sound would leave a private output for a public one or for none.
    @Test(
        arguments: [
            // Built-in card, module-switch-on-port-available moves headphones → speakers on unplug.
            (Routes.headphones, Routes.speakers, .oldDeviceUnavailable, .pause),
            // Unplug without port switching: same port, now unavailable.
            (Routes.headphones, Routes.headphonesPulled, .oldDeviceUnavailable, .pause),
            (Routes.headphones, Routes.hdmi, .override, .pause),
            (Routes.headphones, Routes.lineOut, .override, .pause),
            (Routes.headphones, nil, .noSuitableRoute, .pause),
            (Routes.speakers, nil, .noSuitableRoute, .pause),
            (Routes.a2dp, Routes.speakers, .oldDeviceUnavailable, .pause),
            (Routes.hfp, Routes.speakers, .oldDeviceUnavailable, .pause),
            (Routes.usbHeadset, Routes.hdmi, .oldDeviceUnavailable, .pause),
            (Routes.nullHeadphones, Routes.nullSpeakers, .oldDeviceUnavailable, .pause),
            (Routes.nullBluetooth, Routes.nullSpeakers, .oldDeviceUnavailable, .pause),
            (Routes.earpiece, Routes.speakers, .override, .pause),
            // Unknown on either side is treated conservatively.
            (Routes.nullPlain, Routes.nullSpeakers, .oldDeviceUnavailable, .pause),
            (Routes.headphones, Routes.usbDAC, .override, .pause),
            (Routes.a2dp, Routes.pipewireA2DP, .override, .keepPlaying),
            // Public → private, public → public, private → private: keep playing.
            (Routes.speakers, Routes.headphones, .newDeviceAvailable, .keepPlaying),
            (Routes.nullSpeakers, Routes.nullHeadphones, .override, .keepPlaying),
            (Routes.nullSpeakers, Routes.nullSpeakers2, .override, .keepPlaying),
            (Routes.speakers, Routes.hdmi, .override, .keepPlaying),
            (Routes.speakers, Routes.a2dp, .newDeviceAvailable, .keepPlaying),
            (Routes.headphones, Routes.a2dp, .newDeviceAvailable, .keepPlaying),
            (Routes.a2dp, Routes.hfp, .routeConfigurationChange, .keepPlaying),
            (Routes.usbDAC, Routes.headphones, .override, .keepPlaying),
            (nil, Routes.speakers, .newDeviceAvailable, .keepPlaying)
        ] as [Case])
    func whilePlaying(old: AudioRoute?, new: AudioRoute?, reason: RouteChangeReason, expected: RouteDecision) {
        #expect(
            RoutePolicy.decide(old: old, new: new, reason: reason) == expected,
            "\(old?.sinkName ?? "none") → \(new?.sinkName ?? "none")")
    }

    @Test func unknownAvailabilityIsUnchanged() {
        var flaky = Routes.headphones
        flaky.port?.availability = .unknown
        #expect(
            RoutePolicy.decide(old: Routes.headphones, new: flaky, reason: .routeConfigurationChange) == .keepPlaying)
        #expect(RoutePolicy.decide(old: Routes.speakers, new: Routes.speakers, reason: .unknown) == .keepPlaying)
        var described = Routes.a2dp
        described.sinkDescription = "renamed"
        #expect(RoutePolicy.decide(old: Routes.a2dp, new: described, reason: .routeConfigurationChange) == .keepPlaying)
    }

    @Test func overrideCanBeHonoured() {
        let honour = RoutePolicyOptions(pauseOnOverride: false)
        #expect(
            RoutePolicy.decide(old: Routes.headphones, new: Routes.speakers, reason: .override, options: honour)
                == .keepPlaying)
        // A device that disappears still pauses.
        #expect(
            RoutePolicy.decide(
                old: Routes.headphones, new: Routes.speakers, reason: .oldDeviceUnavailable, options: honour) == .pause)
        #expect(RoutePolicy.decide(old: Routes.headphones, new: nil, reason: .override, options: honour) == .pause)
    }

    @Test func notPlayingNeverPauses() {
        let paused = RoutePlaybackContext(isPlaying: false)
        #expect(
            RoutePolicy.decide(
                old: Routes.headphones, new: Routes.speakers, reason: .oldDeviceUnavailable, context: paused)
                == .keepPlaying)
    }

    @Test func autoResumeOnlyWhenEnabledAndWithinWindow() {
        let on = RoutePolicyOptions(autoResume: true, autoResumeWindowMicroseconds: 30_000_000)
        func ctx(_ now: Int64, pausedAt: Int64? = 0) -> RoutePlaybackContext {
            RoutePlaybackContext(isPlaying: false, pausedByRouteAt: pausedAt, now: now)
        }
        // Headphones plugged back: the port comes back on the same sink.
        #expect(
            RoutePolicy.decide(old: Routes.headphonesPulled, new: Routes.headphones, reason: .newDeviceAvailable)
                == .keepPlaying)
        #expect(
            RoutePolicy.decide(
                old: Routes.speakers, new: Routes.headphones, reason: .newDeviceAvailable, context: ctx(5_000_000))
                == .keepPlaying)
        #expect(
            RoutePolicy.decide(
                old: Routes.speakers, new: Routes.headphones, reason: .newDeviceAvailable, options: on,
                context: ctx(5_000_000)) == .resume)
        #expect(
            RoutePolicy.decide(
                old: Routes.headphonesPulled, new: Routes.headphones, reason: .newDeviceAvailable, options: on,
                context: ctx(30_000_000)) == .resume)
        #expect(
            RoutePolicy.decide(
                old: Routes.speakers, new: Routes.headphones, reason: .newDeviceAvailable, options: on,
                context: ctx(30_000_001)) == .keepPlaying)
        #expect(
            RoutePolicy.decide(
                old: Routes.speakers, new: Routes.a2dp, reason: .newDeviceAvailable, options: on, context: ctx(1))
                == .resume)
        // Not paused by a route change (user paused, or already resumed) → nothing.
        #expect(
            RoutePolicy.decide(
                old: Routes.speakers, new: Routes.headphones, reason: .newDeviceAvailable, options: on,
                context: ctx(1, pausedAt: nil)) == .keepPlaying)
        // Arriving on a public output never resumes.
        #expect(
            RoutePolicy.decide(
                old: Routes.headphones, new: Routes.hdmi, reason: .override, options: on, context: ctx(1))
                == .keepPlaying)
        // Clock going backwards is not "within the window".
        #expect(
            RoutePolicy.decide(
                old: Routes.speakers, new: Routes.headphones, reason: .newDeviceAvailable, options: on, context: ctx(-5)
            ) == .keepPlaying)
    }
}

/// Issue 21: network sinks (tunnel, RTP, RAOP, ROC, Snapcast) are outputs like any other; losing one pauses as an
/// unplug does, and nothing here pauses while a Snapcast stream plays on.
@Suite struct NetworkRouteTests {
    static let tunnel = AudioRoute(
        sinkName: "tunnel-sink.127.0.0.1", properties: ["tunnel.remote.server": "127.0.0.1:4713"], port: nil)
    static let raop = AudioRoute(
        sinkName: "raop_output.Kitchen.local", properties: ["device.api": "raop", "device.description": "Kitchen"],
        port: nil)
    static let roc = AudioRoute(sinkName: "roc-sink", properties: ["media.class": "Audio/Sink"], port: nil)

    @Test func networkSinksAreRecognised() {
        for route in [Self.tunnel, Self.raop, Self.roc] { #expect(route.kind == .network, "\(route.sinkName)") }
        #expect(Routes.speakers.kind != .network)
    }

    @Test func aNetworkSinkGoingAwayPausesUnlessAnotherOutputPlays() {
        #expect(RoutePolicy.decide(old: Self.tunnel, new: Routes.speakers, reason: .oldDeviceUnavailable) == .pause)
        #expect(RoutePolicy.decide(old: Self.raop, new: nil, reason: .noSuitableRoute) == .pause)
        // Moved on purpose from one public output to another: the user's choice.
        #expect(RoutePolicy.decide(old: Self.tunnel, new: Routes.speakers, reason: .override) == .keepPlaying)
        let rooms = RoutePlaybackContext(isPlaying: true, otherOutputPlays: true)
        #expect(
            RoutePolicy.decide(old: Self.tunnel, new: Routes.speakers, reason: .oldDeviceUnavailable, context: rooms)
                == .keepPlaying)
        #expect(
            RoutePolicy.decide(
                old: Routes.headphones, new: Routes.speakers, reason: .oldDeviceUnavailable, context: rooms)
                == .keepPlaying)
    }
}
