import Testing
@testable import PlayerCore

@Suite struct RouteChangeReasonTests {
    @Test func sinkLevelChanges() {
        #expect(
            RouteChangeReason.infer(old: Routes.nullHeadphones, new: Routes.nullSpeakers, oldSinkRemoved: true)
                == .oldDeviceUnavailable)
        #expect(
            RouteChangeReason.infer(old: Routes.nullSpeakers, new: Routes.nullHeadphones, newSinkAdded: true)
                == .newDeviceAvailable)
        #expect(RouteChangeReason.infer(old: Routes.nullSpeakers, new: Routes.nullSpeakers2) == .override)
        #expect(RouteChangeReason.infer(old: Routes.a2dp, new: nil, oldSinkRemoved: true) == .noSuitableRoute)
        #expect(RouteChangeReason.infer(old: nil, new: Routes.speakers) == .newDeviceAvailable)
        #expect(RouteChangeReason.infer(old: nil, new: nil) == .unknown)
    }

    @Test func portLevelChanges() {
        // Unplug with module-switch-on-port-available: headphones port now unavailable, speakers active.
        #expect(
            RouteChangeReason.infer(old: Routes.headphones, new: Routes.speakers, oldPortAvailabilityNow: .no)
                == .oldDeviceUnavailable)
        // Plug: speakers port marked unavailable by the jack, headphones available.
        #expect(
            RouteChangeReason.infer(old: Routes.speakers, new: Routes.headphones, oldPortAvailabilityNow: .no)
                == .newDeviceAvailable)
        #expect(RouteChangeReason.infer(old: Routes.speakers, new: Routes.headphones) == .newDeviceAvailable)
        // User picks another port by hand.
        #expect(
            RouteChangeReason.infer(old: Routes.headphones, new: Routes.lineOut, oldPortAvailabilityNow: .yes)
                == .override)
        // Unplug without switching: same port goes unavailable; and back.
        #expect(RouteChangeReason.infer(old: Routes.headphones, new: Routes.headphonesPulled) == .oldDeviceUnavailable)
        #expect(RouteChangeReason.infer(old: Routes.headphonesPulled, new: Routes.headphones) == .newDeviceAvailable)
        #expect(RouteChangeReason.infer(old: Routes.a2dp, new: Routes.a2dp) == .routeConfigurationChange)
    }

    /// End to end: the reason inferred from the observation, then the decision.
    @Test func unplugScenarioPauses() {
        let reason = RouteChangeReason.infer(old: Routes.nullHeadphones, new: Routes.nullSpeakers, oldSinkRemoved: true)
        #expect(RoutePolicy.decide(old: Routes.nullHeadphones, new: Routes.nullSpeakers, reason: reason) == .pause)
    }
}
