/// The `single` option: off, on, or on for one song only.
public enum MPDSingleMode: String, Sendable, CaseIterable {
    /// Play on after the current song.
    case off = "0"
    /// Stop after the current song (or repeat it, with repeat on).
    case on = "1"
    /// Stop after the current song once, then turn single off.
    case oneshot

    /// Parses `0`, `1` or `oneshot` (exactly, as MPD).
    public static func parse(_ text: String) throws(MPDArgumentError) -> MPDSingleMode {
        guard let mode = MPDSingleMode(rawValue: text) else { throw .singleModeExpected(text) }
        return mode
    }
}
