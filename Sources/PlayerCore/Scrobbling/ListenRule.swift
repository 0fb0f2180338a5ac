/// When a play becomes a listen, for Most Played's count and for the scrobbling services alike (their rule, as
/// ListenBrainz and Last.fm document it): heard for half the track or four minutes, whichever comes first; only
/// heard time counts (`HeardTime`). Tracks shorter than 30 s are counted as plays but never submitted.
public enum ListenRule {
    public static let fourMinutes: Int64 = 240_000_000
    /// The services take no listen of a track shorter than this.
    public static let shortestSubmitted: Int64 = 30_000_000

    /// The heard time that makes a listen: half of a known length, at most four minutes; four minutes when the
    /// length is unknown.
    public static func threshold(durationMicroseconds: Int64?) -> Int64 {
        guard let d = durationMicroseconds, d > 0 else { return fourMinutes }
        return min(d / 2, fourMinutes)
    }

    /// Whether `heardMicroseconds` of a track of this length is a listen.
    public static func counts(heardMicroseconds: Int64, durationMicroseconds: Int64?) -> Bool {
        heardMicroseconds >= threshold(durationMicroseconds: durationMicroseconds)
    }

    /// Whether a listen of a track this long may go to a scrobbling service (an unknown length may: a stream's
    /// title, judged when it ends).
    public static func submittable(durationMicroseconds: Int64?) -> Bool {
        guard let d = durationMicroseconds else { return true }
        return d >= shortestSubmitted
    }

    /// A stream's title has no length until the next one starts. One heard from its start to its end was heard
    /// whole: its length is what was heard, so it is a listen when that is at least 30 s (half of it was surely
    /// heard). One joined part-way only counts by four minutes heard (`counts` with no length).
    public static func countsAtEnd(heardMicroseconds: Int64, heardFromStart: Bool) -> Bool {
        heardFromStart && heardMicroseconds >= shortestSubmitted
    }
}
