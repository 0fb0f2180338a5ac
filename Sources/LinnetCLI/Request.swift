/// What one command line asks for, validated: the runner only has to carry it out.
public enum Request: Sendable, Equatable {
    case play, pause, toggle, stop, next, previous
    /// Relative seek in microseconds (`Player.Seek`).
    case seek(microseconds: Int64)
    /// Print the position (nil) or jump to it (`Player.SetPosition`), in microseconds.
    case position(set: Int64?)
    case volume(VolumeChange)
    /// Print the loop status (nil) or set it.
    case loop(LoopStatus?)
    /// `linnet loop track COUNT`: Linnet's LoopCount (repeats of the current track, then on).
    case loopCount(Int32)
    /// `linnet balance [-1..1]`: print (nil) or set Linnet's Balance.
    case balance(Double?)
    case shuffle(ShuffleRequest)
    /// `linnet open URI…`: play now after the current entry (OpenUri, or Queue.Add "now" for several), or
    /// replace the queue (`--replace`: Queue.Add "replace").
    case open(uris: [String], replace: Bool)
    case queue(QueueRequest)
    /// `linnet radio` (the station list in the library; `play` is OpenUri).
    case radio(RadioRequest)
    case status(StatusOptions)
    /// `linnet lyrics` (Linnet's lyrics interface).
    case lyrics(LyricsOptions)
    case players
    /// `linnet library …` and `linnet search` (Linnet's library interface).
    case library(LibraryRequest)
    /// `linnet playlist …`.
    case playlist(PlaylistRequest)
    /// `linnet effect …` (Linnet's effects interface).
    case effect(EffectRequest)
    /// `linnet record …` (Linnet's recorder interface).
    case record(RecordOptions)
    /// `linnet output …` (Linnet's route interface: the outputs).
    case output(OutputRequest)
    /// `linnet snapcast-plugin`: snapserver's stream plug-in over the player (runs until stdin closes).
    case snapcastPlugin(SnapcastPluginOptions)
    /// `linnet scrobble …` (Linnet's scrobbler interface).
    case scrobble(ScrobbleRequest)
    /// Help for one command, or the global help (nil).
    case help(command: String?)
    case version
}

/// `linnet volume [0..1 | +STEP | -STEP]`.
public enum VolumeChange: Sendable, Equatable {
    case show
    case set(Double)
    case by(Double)

    /// The volume to set given the current one (clamped to 0…1), nil for `show`.
    public func newValue(current: Double) -> Double? {
        switch self {
        case .show: return nil
        case .set(let v): return min(1, max(0, v))
        case .by(let step): return min(1, max(0, current + step))
        }
    }
}

/// How `linnet status` prints.
public struct StatusOptions: Sendable, Equatable {
    public enum Output: Sendable, Equatable {
        case text
        case format(FormatTemplate)
        case json
    }
    public var output: Output = .text
    public var follow = false
    /// With `--follow`: exit once the player is Stopped or gone (for scripts and the demo).
    public var exitWhenStopped = false
    /// `--meter`: live level bars of what the player outputs (Linnet's meters interface).
    public var meter = false

    public init(output: Output = .text, follow: Bool = false, exitWhenStopped: Bool = false) {
        self.output = output
        self.follow = follow
        self.exitWhenStopped = exitWhenStopped
    }
}

/// A whole parsed command line.
public struct Invocation: Sendable, Equatable {
    /// The `--player` name (default `linnet`).
    public var player: String
    public var request: Request

    public init(player: String = Invocation.defaultPlayer, request: Request) {
        self.player = player
        self.request = request
    }

    public static let defaultPlayer = "linnet"
}

/// What parsing needs from the environment (kept out so parsing stays pure).
public struct ParseContext: Sendable {
    /// The directory relative paths are resolved against.
    public var workingDirectory: String
    public init(workingDirectory: String) { self.workingDirectory = workingDirectory }
}
