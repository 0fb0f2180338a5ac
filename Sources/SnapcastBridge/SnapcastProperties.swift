import LinnetCLI

/// The player's state as Snapcast's stream properties (`Plugin.Stream.Player.Properties` and the GetProperties
/// reply): lower-case states, volume in percent, position in seconds, the `can…` flags. snapserver replaces all of
/// a stream's properties with each notification (only missing metadata is kept from before), so every message
/// carries every property.
public enum SnapcastProperties {
    /// Everything but the metadata, in a fixed order.
    public static func fields(_ state: PlayerState, mute: MuteEmulation) -> [(String, JSONValue)] {
        var out: [(String, JSONValue)] = []
        if let status = state.playbackStatus { out.append(("playbackStatus", .string(status.rawValue.lowercased()))) }
        if let loop = state.loopStatus { out.append(("loopStatus", .string(loop.word))) }
        if let shuffle = state.shuffle { out.append(("shuffle", .bool(shuffle))) }
        if let volume = mute.shownVolume(player: state.volume) {
            // Clamped: MPRIS allows volumes above 1, Snapcast's are 0 … 100.
            let percent = Int64(min(100, max(0, (volume * 100).rounded())))
            out.append(("volume", .integer(percent)))
        }
        out.append(("mute", .bool(mute.isMuted)))
        if let rate = state.rate { out.append(("rate", .number(rate))) }
        if let r = state.minimumRate { out.append(("minimumRate", .number(r))) }
        if let r = state.maximumRate { out.append(("maximumRate", .number(r))) }
        if let us = state.positionMicroseconds {
            // Whole milliseconds: the microseconds of a player's clock are noise to a remote display.
            out.append(("position", .number((Double(max(0, us)) / 1000).rounded() / 1000)))
        }
        out += [
            ("canGoNext", .bool(state.canGoNext)), ("canGoPrevious", .bool(state.canGoPrevious)),
            ("canPlay", .bool(state.canPlay)), ("canPause", .bool(state.canPause)),
            ("canSeek", .bool(state.canSeek)), ("canControl", .bool(state.canControl))
        ]
        return out
    }

    /// The properties of a stream whose player is not on the bus: stopped, nothing to control, no track.
    public static let absent: [(String, JSONValue)] = [
        ("playbackStatus", .string("stopped")), ("mute", .bool(false)),
        ("canGoNext", .bool(false)), ("canGoPrevious", .bool(false)), ("canPlay", .bool(false)),
        ("canPause", .bool(false)), ("canSeek", .bool(false)), ("canControl", .bool(false))
    ]

    /// The properties object: `fields` plus `metadata` when given.
    public static func object(_ fields: [(String, JSONValue)], metadata: JSONValue?) -> JSONValue {
        .object(metadata.map { fields + [("metadata", $0)] } ?? fields)
    }
}

extension SnapcastProperties {
    /// What the stream shows for the player's `state` (nil: the player is not on the bus): its fields and its
    /// metadata object (empty without a player).
    public static func view(
        of state: PlayerState?, mute: MuteEmulation, art: ArtData?
    ) -> (fields: [(String, JSONValue)], metadata: JSONValue) {
        guard let state else { return (absent, .object([])) }
        return (fields(state, mute: mute), SnapcastMetadata.json(state.metadata, art: art))
    }
}
