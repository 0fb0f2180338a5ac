/// Why the route changed, named after iOS's `AVAudioSession.RouteChangeReason`.
public enum RouteChangeReason: String, Sendable, Hashable, Codable, CaseIterable {
    case unknown
    /// A device appeared and the stream went to it (headphones plugged, Bluetooth connected and the server moved us).
    case newDeviceAvailable
    /// The device we played on went away (jack unplugged, Bluetooth/USB disconnected, its sink removed).
    case oldDeviceUnavailable
    /// The audio category/role changed (reserved: Linnet's role is fixed to music today).
    case categoryChange
    /// Someone chose another output on purpose (moved the stream in pavucontrol, switched the port by hand).
    case override
    /// Same device, different configuration (profile, properties, description).
    case routeConfigurationChange
    /// Our sink went away and there is nowhere to play (iOS `noSuitableRouteForCategory`).
    case noSuitableRoute

    /// Infers the reason from what the service observed on the server:
    /// - `oldSinkRemoved`: the old sink no longer exists;
    /// - `newSinkAdded`: the new sink appeared just before the move (e.g. module-switch-on-connect);
    /// - `oldPortAvailabilityNow`: on the same sink, the current availability of the previously active port.
    /// Port availability `.unknown` is treated as unchanged (no jack detection).
    public static func infer(
        old: AudioRoute?, new: AudioRoute?, oldSinkRemoved: Bool = false,
        newSinkAdded: Bool = false,
        oldPortAvailabilityNow: PortAvailability = .unknown
    ) -> RouteChangeReason {
        guard let new else { return old == nil ? .unknown : .noSuitableRoute }
        guard let old else { return .newDeviceAvailable }
        guard old.sinkName == new.sinkName else {
            if oldSinkRemoved { return .oldDeviceUnavailable }
            if newSinkAdded { return .newDeviceAvailable }
            return .override
        }
        let oldAvail = old.port?.availability ?? .unknown
        let newAvail = new.port?.availability ?? .unknown
        if old.port?.name != new.port?.name {
            // A jack event flips two ports at once (plugging headphones makes the speaker port unavailable on
            // most laptops): which device came or went is told by which side is private.
            let arrivingPrivate = new.kind.privacy == .private && old.kind.privacy != .private
            if oldPortAvailabilityNow == .no && newAvail == .yes {
                return arrivingPrivate ? .newDeviceAvailable : .oldDeviceUnavailable
            }
            if oldPortAvailabilityNow == .no { return .oldDeviceUnavailable }
            if newAvail == .yes && arrivingPrivate { return .newDeviceAvailable }
            return .override
        }
        if oldAvail != .no && newAvail == .no { return .oldDeviceUnavailable }
        if oldAvail == .no && newAvail == .yes { return .newDeviceAvailable }
        return .routeConfigurationChange
    }
}
