import DBus
import PlayerCore

/// Snapshot → the values of every MPRIS property, per interface. Pure; the single source of property values
/// for both Get/GetAll and PropertiesChanged, so the two can never disagree.
public enum PropertyMapping {
    /// `org.mpris.MediaPlayer2` (all constant but Fullscreen, which we do not have).
    public static func root() -> [String: DBusValue] {
        [
            "CanQuit": .boolean(true),
            "CanRaise": .boolean(false),
            "Fullscreen": .boolean(false),
            "CanSetFullscreen": .boolean(false),
            "HasTrackList": .boolean(true),
            "Identity": .string(MPRISNames.identity),
            "DesktopEntry": .string(MPRISNames.desktopEntry),
            "SupportedUriSchemes": DBusValue(MPRISNames.supportedURISchemes),
            "SupportedMimeTypes": DBusValue(MPRISNames.supportedMimeTypes)
        ]
    }

    /// `org.mpris.MediaPlayer2.Player`, except Position (read live, never announced).
    public static func player(_ s: PlayerSnapshot) -> [String: DBusValue] {
        [
            "PlaybackStatus": .string(PlaybackStatusText.text(s.status)),
            "LoopStatus": .string(LoopStatusText.text(s.loopMode)),
            "Rate": .double(s.rate),
            "Shuffle": .boolean(s.shuffle),
            "Metadata": MetadataMapping.value(s.current),
            "Volume": .double(s.volume),
            "MinimumRate": .double(s.rateRange.lowerBound),
            "MaximumRate": .double(s.rateRange.upperBound),
            "CanGoNext": .boolean(s.canGoNext),
            "CanGoPrevious": .boolean(s.canGoPrevious),
            "CanPlay": .boolean(s.canPlay),
            "CanPause": .boolean(s.canPlay),
            "CanSeek": .boolean(s.canSeek),
            "CanControl": .boolean(true)
        ]
    }

    /// `org.mpris.MediaPlayer2.TrackList`.
    public static func trackList(_ s: PlayerSnapshot) -> [String: DBusValue] {
        [
            "Tracks": trackIDs(s.tracks.map(\.id)),
            "CanEditTracks": .boolean(true)
        ]
    }

    /// An `ao` of track paths.
    public static func trackIDs(_ ids: [QueueEntryID]) -> DBusValue {
        .array(element: .objectPath, ids.map { .objectPath(TrackPath.path($0)) })
    }

    /// Position in microseconds as MPRIS wants it (`x`).
    public static func position(_ microseconds: Int64) -> DBusValue { .int64(max(0, microseconds)) }
}
