/// MPRIS `PlaybackStatus`, with one parse/print pair.
public enum PlaybackStatus: String, Sendable, CaseIterable {
    case playing = "Playing"
    case paused = "Paused"
    case stopped = "Stopped"

    /// Parses the MPRIS spelling (`Playing`); nil for anything else.
    public init?(mpris text: String) { self.init(rawValue: text) }
    /// The MPRIS spelling.
    public var mprisName: String { rawValue }
}

/// MPRIS `LoopStatus`; the CLI spells it in lower case (`linnet loop track`).
public enum LoopStatus: String, Sendable, CaseIterable {
    case none = "None"
    case track = "Track"
    case playlist = "Playlist"

    /// Parses the MPRIS spelling (`Track`).
    public init?(mpris text: String) { self.init(rawValue: text) }
    /// Parses the CLI word (`track`), case-insensitively.
    public init?(word: String) {
        guard let match = LoopStatus.allCases.first(where: { $0.word == word.lowercased() }) else { return nil }
        self = match
    }
    /// The MPRIS spelling.
    public var mprisName: String { rawValue }
    /// The CLI word, which `linnet loop` prints and accepts.
    public var word: String { rawValue.lowercased() }
}

/// What `linnet shuffle` asks for.
public enum ShuffleRequest: String, Sendable, Equatable {
    case on, off, toggle, show

    /// The new value given the current one (nil for `show`).
    public func newValue(current: Bool) -> Bool? {
        switch self {
        case .on: return true
        case .off: return false
        case .toggle: return !current
        case .show: return nil
        }
    }
}
