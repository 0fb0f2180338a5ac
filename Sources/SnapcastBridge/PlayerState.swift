import LinnetCLI

/// An MPRIS player's `org.mpris.MediaPlayer2.Player` properties as plain values, kept up to date from GetAll and
/// PropertiesChanged (converted to JSON values by the caller). Lenient like the rest of the client: a property of
/// the wrong type, or a number that is not finite, leaves the field unknown rather than failing.
public struct PlayerState: Sendable, Equatable {
    public var playbackStatus: PlaybackStatus?
    public var loopStatus: LoopStatus?
    public var shuffle: Bool?
    /// 0 … 1 in MPRIS (some players allow more).
    public var volume: Double?
    public var rate: Double?
    public var minimumRate: Double?
    public var maximumRate: Double?
    /// As last read; MPRIS announces no position changes (Seeked aside), so it is read again before it is sent.
    public var positionMicroseconds: Int64?
    public var metadata = TrackMetadata()
    public var canGoNext = false
    public var canGoPrevious = false
    public var canPlay = false
    public var canPause = false
    public var canSeek = false
    public var canControl = false

    public init() {}

    /// Applies properties by their MPRIS names (others are ignored).
    public mutating func apply(_ properties: [String: JSONValue]) {
        for (name, value) in properties { apply(name, value) }
    }

    /// Forgets properties the player invalidated without sending their values (until they are read again).
    public mutating func forget(_ names: [String]) {
        let blank = PlayerState()
        for name in names {
            switch name {
            case "PlaybackStatus": playbackStatus = nil
            case "LoopStatus": loopStatus = nil
            case "Shuffle": shuffle = nil
            case "Volume": volume = nil
            case "Rate": rate = nil
            case "MinimumRate": minimumRate = nil
            case "MaximumRate": maximumRate = nil
            case "Position": positionMicroseconds = nil
            case "Metadata": metadata = blank.metadata
            case "CanGoNext": canGoNext = false
            case "CanGoPrevious": canGoPrevious = false
            case "CanPlay": canPlay = false
            case "CanPause": canPause = false
            case "CanSeek": canSeek = false
            case "CanControl": canControl = false
            default: break
            }
        }
    }

    private mutating func apply(_ name: String, _ value: JSONValue) {
        switch name {
        case "PlaybackStatus": playbackStatus = value.text.flatMap(PlaybackStatus.init(mpris:))
        case "LoopStatus": loopStatus = value.text.flatMap(LoopStatus.init(mpris:))
        case "Shuffle": shuffle = value.flag
        case "Volume": volume = value.finiteNumber
        case "Rate": rate = value.finiteNumber
        case "MinimumRate": minimumRate = value.finiteNumber
        case "MaximumRate": maximumRate = value.finiteNumber
        case "Position": positionMicroseconds = value.wholeNumber
        case "Metadata":
            if case .object(let members) = value {
                metadata = TrackMetadata(Dictionary(members, uniquingKeysWith: { _, last in last }))
            } else {
                metadata = TrackMetadata()
            }
        case "CanGoNext": canGoNext = value.flag ?? false
        case "CanGoPrevious": canGoPrevious = value.flag ?? false
        case "CanPlay": canPlay = value.flag ?? false
        case "CanPause": canPause = value.flag ?? false
        case "CanSeek": canSeek = value.flag ?? false
        case "CanControl": canControl = value.flag ?? false
        default: break
        }
    }
}

extension JSONValue {
    var text: String? { if case .string(let s) = self { s } else { nil } }
    var flag: Bool? { if case .bool(let b) = self { b } else { nil } }
    /// An integer, or a double with an exact Int64 value (some players send doubles for integers).
    var wholeNumber: Int64? {
        switch self {
        case .integer(let n): return n
        case .number(let d): return Int64(exactly: d.rounded(.towardZero))
        default: return nil
        }
    }
}
