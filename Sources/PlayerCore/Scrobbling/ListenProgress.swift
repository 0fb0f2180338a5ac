/// One play of one track (a file from its start, or one title of a stream) on its way to becoming a listen
/// (`ListenRule`): its heard time, when it was first heard and whether it has counted.
public struct ListenProgress: Sendable, Hashable {
    /// What is heard.
    public let track: ListenTrack
    /// False for a stream title that was already under way when Linnet joined it.
    public let heardFromStart: Bool
    public private(set) var heard = HeardTime()
    /// Unix time (seconds) it was first heard playing: the listen's timestamp. Nil until then.
    public private(set) var startedAt: Int64?
    public private(set) var counted = false

    /// What a sample changed.
    public struct Change: Sendable, Hashable {
        /// It was heard playing for the first time ("playing now").
        public var started = false
        /// It became a listen just now.
        public var listened = false
        public init(started: Bool = false, listened: Bool = false) {
            (self.started, self.listened) = (started, listened)
        }
    }

    public init(track: ListenTrack, heardFromStart: Bool = true) {
        self.track = track
        self.heardFromStart = heardFromStart
    }

    /// A sample of the heard position (µs), the transport, the monotonic clock (µs) and the Unix time (s).
    public mutating func observe(position: Int64, playing: Bool, clock: Int64, unixTime: Int64) -> Change {
        heard.observe(position: position, playing: playing, clock: clock)
        var change = Change()
        if playing && startedAt == nil {
            startedAt = unixTime
            change.started = true
        }
        if !counted, startedAt != nil,
            ListenRule.counts(heardMicroseconds: heard.microseconds, durationMicroseconds: track.durationMicroseconds)
        {
            counted = true
            change.listened = true
        }
        return change
    }

    /// The position jumped (a seek; `position` nil when not known yet).
    public mutating func jumped(to position: Int64?, playing: Bool, clock: Int64) {
        heard.jumped(to: position, playing: playing, clock: clock)
    }

    /// A stream's title ended (the next began, or the stream stopped) at the heard `position`: true when that
    /// made it a listen (`ListenRule.countsAtEnd`).
    public mutating func titleEnded(position: Int64?, clock: Int64) -> Bool {
        if let position { heard.observe(position: position, playing: false, clock: clock) }
        guard !counted, startedAt != nil,
            ListenRule.countsAtEnd(heardMicroseconds: heard.microseconds, heardFromStart: heardFromStart)
        else { return false }
        counted = true
        return true
    }

    /// Wall time (µs) until the threshold can first be reached while playing at `rate` (heard time grows at most
    /// as fast as the clock, and as the position); nil once counted or while not playing.
    public func wakeDelay(rate: Double) -> Int64? {
        guard !counted, heard.isRunning else { return nil }
        let left = ListenRule.threshold(durationMicroseconds: track.durationMicroseconds) - heard.microseconds
        let speed = rate.isFinite && rate > 0 ? min(1, rate) : 1
        return max(1000, Int64(saturating: Double(max(0, left)) / speed) ?? ListenRule.fourMinutes)
    }
}

/// What one play is of: the tags a listen carries, the track's length and where it comes from.
public struct ListenTrack: Sendable, Hashable {
    /// The local file's path (for Most Played), nil for a stream.
    public var path: String?
    public var tags: TrackTags
    public var durationMicroseconds: Int64?
    public var isStream: Bool

    public init(path: String?, tags: TrackTags, durationMicroseconds: Int64?, isStream: Bool) {
        self.path = path
        self.tags = tags
        self.durationMicroseconds = durationMicroseconds
        self.isStream = isStream
    }
}
