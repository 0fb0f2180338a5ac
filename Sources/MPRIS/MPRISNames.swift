import DBus
import PlayerCore

/// Every MPRIS string in one place: bus names, object paths, interfaces, error names and enum spellings.
public enum MPRISNames {
    /// The well-known bus name; a second instance takes `<busName>.instance<PID>`.
    public static let busName = "org.mpris.MediaPlayer2.linnet"
    /// The one object every MPRIS player exports.
    public static let objectPath = "/org/mpris/MediaPlayer2"
    public static let rootInterface = "org.mpris.MediaPlayer2"
    public static let playerInterface = "org.mpris.MediaPlayer2.Player"
    public static let trackListInterface = "org.mpris.MediaPlayer2.TrackList"

    /// Identity and desktop entry shown by desktop widgets.
    public static let identity = "Linnet"
    public static let desktopEntry = "linnet"
    /// Only what really plays: local files.
    public static let supportedURISchemes = ["file", "http", "https"]
    /// The formats our decoders open (libmpg123, libsndfile, libfaad2), with their common aliases.
    public static let supportedMimeTypes = [
        "audio/mpeg", "audio/mp3", "audio/x-mp3",
        "audio/flac", "audio/x-flac",
        "audio/ogg", "audio/x-vorbis+ogg", "audio/vorbis", "application/ogg",
        "audio/opus", "audio/x-opus+ogg",
        "audio/wav", "audio/x-wav", "audio/vnd.wave",
        "audio/aiff", "audio/x-aiff",
        "audio/x-caf",
        "audio/mp4", "audio/x-m4a", "audio/m4a", "audio/aac", "audio/x-aac"
    ]

    /// Error names: the spec's own for bad arguments, ours for the rest.
    public enum Error {
        public static let invalidArgs = DBusError.Name.invalidArgs
        public static let notSupported = DBusError.Name.notSupported
        /// A file or folder that has nothing we can play (missing, unreadable, not audio).
        public static let cannotPlay = "org.mpris.MediaPlayer2.linnet.Error.CannotPlay"
        /// A library query (Enqueue, AddToPlaylist) that selects no songs; the message names the filter value that
        /// matched nothing and the names it may have meant.
        public static let noMatch = "org.mpris.MediaPlayer2.linnet.Error.NoMatch"
        /// A track id that is not (or no longer) in the track list.
        public static let unknownTrack = "org.mpris.MediaPlayer2.linnet.Error.UnknownTrack"
    }
}

/// MPRIS `PlaybackStatus` spellings.
public enum PlaybackStatusText {
    public static func text(_ state: PlaybackState) -> String {
        switch state {
        case .playing: return "Playing"
        case .paused: return "Paused"
        case .stopped: return "Stopped"
        }
    }
}

/// MPRIS `LoopStatus` spellings, both ways (exact case, as the spec lists them).
public enum LoopStatusText {
    public static func text(_ mode: LoopMode) -> String {
        switch mode {
        case .none: return "None"
        case .track: return "Track"
        case .playlist: return "Playlist"
        }
    }

    /// Nil for anything but the three spec values.
    public static func parse(_ text: String) -> LoopMode? {
        switch text {
        case "None": return LoopMode.none
        case "Track": return .track
        case "Playlist": return .playlist
        default: return nil
        }
    }
}
