/// Where each track's audio sits in the output's frame timeline, so what is *heard* maps back to a track
/// and a position inside it. Pure value; the engine owns one under the output lock.
///
/// The timeline counts frames rendered since the output's stream was opened or flushed (an "epoch").
/// A segment starts at the frame where a track's audio (from `trackFrame` on) was first written.
public struct PlaybackTimeline<Track> {
    /// One track's stretch of the timeline.
    public struct Segment {
        public var start: Int64
        public var track: Track
        /// The frame inside the track that was written at `start`.
        public var trackFrame: Int64
        /// True once the owner was told this segment's track is heard.
        public var announced: Bool
        /// Track frames per output frame (the playback rate; 1 unless the audio is time-stretched).
        public var rate: Double = 1
    }

    public private(set) var segments: [Segment] = []
    /// Frames written in this epoch so far.
    public private(set) var written: Int64 = 0

    public init() {}

    /// Starts a new epoch (open or flush): nothing written, nothing queued.
    public mutating func reset() {
        segments.removeAll()
        written = 0
    }

    /// Records that `track` starts at the current write point, at `trackFrame` inside it, played at `rate`.
    public mutating func beginSegment(_ track: Track, trackFrame: Int64, announced: Bool = false, rate: Double = 1) {
        segments.append(
            Segment(
                start: written, track: track, trackFrame: trackFrame, announced: announced,
                rate: rate))
    }

    /// Records `frames` more frames written for the last segment.
    public mutating func advance(by frames: Int64) {
        written += frames
    }

    /// The index of the segment being heard at `heard`, nil when `heard` is before every segment.
    public func segmentIndex(at heard: Int64) -> Int? {
        var found: Int?
        for (i, s) in segments.enumerated() where s.start <= heard {
            // A zero-length segment (a track that produced nothing) is never "heard" once a later one starts there.
            found = i
        }
        return found
    }

    /// The frame inside the heard track at timeline frame `heard`, clamped to the segment.
    public func trackFrame(at heard: Int64) -> (segment: Segment, frame: Int64)? {
        guard let i = segmentIndex(at: heard) else { return nil }
        let s = segments[i]
        let end = i + 1 < segments.count ? segments[i + 1].start : written
        let h = min(heard, end)
        if s.rate == 1 { return (s, s.trackFrame + (h - s.start)) }
        return (s, s.trackFrame + Int64((Double(h - s.start) * s.rate).rounded(.down)))
    }

    /// The start of the first segment not yet announced, if any.
    public var nextUnannouncedStart: Int64? {
        segments.first(where: { !$0.announced })?.start
    }

    /// Marks every segment starting at or before `heard` as announced and returns them in order;
    /// drops segments that are wholly in the past (keeping the one being heard).
    public mutating func announce(upTo heard: Int64) -> [Segment] {
        var out: [Segment] = []
        for i in segments.indices where !segments[i].announced && segments[i].start <= heard {
            segments[i].announced = true
            out.append(segments[i])
        }
        if let current = segmentIndex(at: heard), current > 0 {
            segments.removeFirst(current)
        }
        return out
    }

    /// The most recently announced segment (the track the owner believes is playing).
    public var lastAnnounced: Segment? {
        segments.last(where: { $0.announced })
    }
}
