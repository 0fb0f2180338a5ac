/// Mute for players that have none: MPRIS has no mute property (nor has Linnet's own interface), so muting sets
/// the player's Volume to 0 and remembers the volume it had; unmuting sets that volume back. Meanwhile the stream
/// shows the remembered volume with mute on, as a mixer would, and a volume set through snapserver while muted
/// only changes what unmuting restores. A volume above 0 set by anyone else (the desktop's slider) ends the mute.
public struct MuteEmulation: Sendable, Equatable {
    /// The volume to restore, while muted.
    public private(set) var restoreVolume: Double?

    public init() {}

    public var isMuted: Bool { restoreVolume != nil }

    /// The volume to show: the remembered one while muted, else the player's.
    public func shownVolume(player volume: Double?) -> Double? { restoreVolume ?? volume }

    /// The player's volume changed (a signal or a read): audible again means no longer muted.
    public mutating func observe(playerVolume volume: Double?) {
        if let volume, volume > Self.silent { restoreVolume = nil }
    }

    /// What to do for `mute(on)` at the player's `current` volume: the Volume to set (nil: nothing to set) and the
    /// emulation's state once that succeeded.
    public func muting(_ on: Bool, current: Double?) -> (setVolume: Double?, after: MuteEmulation) {
        var after = self
        switch (on, restoreVolume) {
        case (true, nil):
            after.restoreVolume = current ?? 1
            return (0, after)
        case (false, let restore?):
            after.restoreVolume = nil
            return (restore, after)
        default:
            return (nil, after)  // already as asked
        }
    }

    /// What to do for a volume set through snapserver (0 … 1): while muted only the remembered volume changes.
    public func settingVolume(_ volume: Double) -> (setVolume: Double?, after: MuteEmulation) {
        guard isMuted else { return (volume, self) }
        var after = self
        after.restoreVolume = volume
        return (nil, after)
    }

    /// Volumes at or below this count as silent (the sound server's volume steps are 1/65536).
    static let silent = 0.0005
}
