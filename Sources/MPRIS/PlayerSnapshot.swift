import PlayerCore

/// What the bus can see of the player at one moment: the input of every MPRIS property and TrackList signal.
/// The service builds one after every command or engine event; `MPRISService.update` diffs it with the last.
public struct PlayerSnapshot: Sendable, Hashable {
    public var status: PlaybackState
    public var loopMode: LoopMode
    public var shuffle: Bool
    /// Stream volume, 1.0 = 100%.
    public var volume: Double
    /// Playback rate (1.0 normal; MinimumRate…MaximumRate below).
    public var rate = 1.0
    /// The rates the player offers: 1…1 when it cannot change the rate.
    public var rateRange: ClosedRange<Double> = 1...1
    public var currentID: QueueEntryID?
    /// The TrackList window (`TrackListWindow`) in list order, with what is known about each entry: the whole
    /// queue when it is short. The current entry is always inside.
    public var tracks: [TrackSnapshot]
    /// Index in the queue of `tracks[0]`; a change means the window moved (TrackListReplaced).
    public var windowStart: Int
    public var canGoNext: Bool
    public var canGoPrevious: Bool

    public init(
        status: PlaybackState = .stopped, loopMode: LoopMode = .none, shuffle: Bool = false,
        volume: Double = 1.0, currentID: QueueEntryID? = nil, tracks: [TrackSnapshot] = [],
        canGoNext: Bool = false, canGoPrevious: Bool = false, windowStart: Int = 0
    ) {
        self.status = status
        self.loopMode = loopMode
        self.shuffle = shuffle
        self.volume = volume
        self.currentID = currentID
        self.tracks = tracks
        self.windowStart = windowStart
        self.canGoNext = canGoNext
        self.canGoPrevious = canGoPrevious
    }

    /// The current entry's snapshot.
    public var current: TrackSnapshot? {
        guard let currentID else { return nil }
        return tracks.first { $0.id == currentID }
    }

    /// MPRIS CanPlay / CanPause: there is something to play.
    public var canPlay: Bool { current != nil }
    /// MPRIS CanSeek: a track is loaded (not stopped) and its source can seek (unknown counts as yes).
    public var canSeek: Bool { status != .stopped && (current?.isSeekable ?? false) }
}

/// One queue entry as MPRIS describes it.
public struct TrackSnapshot: Sendable, Hashable {
    public var id: QueueEntryID
    public var location: MediaLocation
    /// A title from the playlist file, used when the file has no title tag.
    public var playlistTitle: String?
    public var durationMicroseconds: Int64?
    /// Tags once the file was opened (nil before); pictures are not carried here.
    public var tags: TrackTags?
    /// False only when the opened source said it cannot seek.
    public var isSeekable: Bool
    /// `mpris:artUrl` (`file://…`), found once per track off the service's queue; nil when none (or not yet known).
    public var artURL: String?
    /// The full lyrics text (`xesam:asText`) from the chosen lyrics source; nil falls back to the embedded text tag.
    public var lyricsText: String?

    public init(
        id: QueueEntryID, location: MediaLocation, playlistTitle: String? = nil,
        durationMicroseconds: Int64? = nil, tags: TrackTags? = nil, isSeekable: Bool = true,
        artURL: String? = nil, lyricsText: String? = nil
    ) {
        self.id = id
        self.location = location
        self.playlistTitle = playlistTitle
        self.durationMicroseconds = durationMicroseconds
        self.tags = tags
        self.isSeekable = isSeekable
        self.artURL = artURL
        self.lyricsText = lyricsText
    }
}
