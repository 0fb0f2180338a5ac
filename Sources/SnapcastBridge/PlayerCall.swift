import LinnetCLI

/// An argument of an MPRIS call, without D-Bus types (the shell converts them).
public enum MPRISArgument: Sendable, Equatable {
    case int64(Int64)
    case double(Double)
    case boolean(Bool)
    case string(String)
    case objectPath(String)
}

/// One call on the player's `org.mpris.MediaPlayer2.Player` interface.
public enum PlayerCall: Sendable, Equatable {
    case method(String, [MPRISArgument])
    case set(String, MPRISArgument)
}

/// The calls that carry out a request, and the mute emulation's state once they succeeded.
public struct PlayerCallPlan: Sendable, Equatable {
    public var calls: [PlayerCall]
    public var mute: MuteEmulation

    public init(calls: [PlayerCall], mute: MuteEmulation) {
        self.calls = calls
        self.mute = mute
    }

    /// Plans a Control or SetProperty request against the player's `state`; a request that cannot be carried out
    /// (a position without a current track, seconds beyond what MPRIS's microseconds hold) is an error.
    public static func plan(
        _ call: PluginCall, state: PlayerState, mute: MuteEmulation
    ) -> Result<PlayerCallPlan, PluginError> {
        switch call {
        case .getProperties: return .success(PlayerCallPlan(calls: [], mute: mute))
        case .control(let control):
            return controlCalls(control, state: state).map { PlayerCallPlan(calls: $0, mute: mute) }
        case .setProperties(let changes):
            var plan = PlayerCallPlan(calls: [], mute: mute)
            for change in changes {
                switch change {
                case .loopStatus(let loop): plan.calls.append(.set("LoopStatus", .string(loop.mprisName)))
                case .shuffle(let on): plan.calls.append(.set("Shuffle", .boolean(on)))
                case .rate(let rate): plan.calls.append(.set("Rate", .double(rate)))
                case .volume(let percent):
                    let (volume, after) = plan.mute.settingVolume(Double(percent) / 100)
                    if let volume { plan.calls.append(.set("Volume", .double(volume))) }
                    plan.mute = after
                case .mute(let on):
                    let (volume, after) = plan.mute.muting(on, current: state.volume)
                    if let volume { plan.calls.append(.set("Volume", .double(volume))) }
                    plan.mute = after
                }
            }
            return .success(plan)
        }
    }

    private static func controlCalls(_ control: PlayerControl, state: PlayerState) -> Result<[PlayerCall], PluginError>
    {
        switch control {
        case .play: return .success([.method("Play", [])])
        case .pause: return .success([.method("Pause", [])])
        case .playPause: return .success([.method("PlayPause", [])])
        case .stop: return .success([.method("Stop", [])])
        case .next: return .success([.method("Next", [])])
        case .previous: return .success([.method("Previous", [])])
        case .seek(let offset):
            guard let us = microseconds(offset) else {
                return .failure(.invalidParams("seek offset \(offset) s is too far"))
            }
            return .success([.method("Seek", [.int64(us)])])
        case .setPosition(let seconds):
            guard let us = microseconds(seconds) else {
                return .failure(.invalidParams("position \(seconds) s is too far"))
            }
            guard let track = state.metadata.trackID else {
                return .failure(.player("the player has no current track"))
            }
            return .success([.method("SetPosition", [.objectPath(track), .int64(us)])])
        }
    }

    /// Seconds as whole microseconds; nil when they do not fit Int64 (about ±292,000 years).
    static func microseconds(_ seconds: Double) -> Int64? {
        let us = (seconds * 1_000_000).rounded()
        guard us.isFinite, us > -9.2e18, us < 9.2e18 else { return nil }
        return Int64(exactly: us)
    }
}
