/// The outcome of checking one observation against an invariant.
public enum Verdict: Sendable, Equatable {
    /// The observation was judged and agrees.
    case holds
    /// The observation falls in a window where the rule makes no claim (a reset happened nearby).
    case notJudged
    /// The invariant is broken; the text says how.
    case violated(String)
}

/// The state of one of linnetd's sink inputs as `pactl -f json list sink-inputs` showed it.
public struct SinkInputState: Sendable, Equatable {
    public var index: Int
    public var sink: String
    public var corked: Bool
    /// Its media.name (shown in reports).
    public var name: String
    public init(index: Int, sink: String, corked: Bool, name: String = "") {
        self.index = index
        self.sink = sink
        self.corked = corked
        self.name = name
    }
}

/// One look at the sound server: linnetd's sink inputs, read between `start` and `end` (harness clock, s).
public struct SinkSample: Sendable, Equatable {
    public var start: Double
    public var end: Double
    public var inputs: [SinkInputState]
    public init(start: Double, end: Double, inputs: [SinkInputState]) {
        self.start = start
        self.end = end
        self.inputs = inputs
    }
}

/// One `Get Position` answer: sent and received (harness clock, s) and the value (µs).
public struct PositionRead: Sendable, Equatable {
    public var sent: Double
    public var received: Double
    public var microseconds: Int64
    public init(sent: Double, received: Double, microseconds: Int64) {
        self.sent = sent
        self.received = received
        self.microseconds = microseconds
    }
}

/// The soak's invariants as pure functions over what was observed (unit-tested in SoakTests).
public enum InvariantRules {
    /// How long linnetd may take to make its stream agree with a newly announced status (issue 9: 200 ms).
    public static let corkSettle = 0.2
    /// How long a `Seeked`/status/track signal may trail a Position answer it explains (signals and replies
    /// travel on different connections, and linnetd emits `Seeked` from its event queue after the reply).
    public static let positionGrace = 0.5
    /// Position may read this much lower than before without a reset (µs; rounding of frames to µs).
    public static let positionTolerance: Int64 = 2_000

    /// PlaybackStatus vs the sink input's cork state.
    ///
    /// Rule: a sample is judged only when no status or track change was received from `corkSettle` before the
    /// sample began until `corkSettle` after it ended (the caller judges it once that time has passed). Then
    /// Playing requires at least one uncorked sink input of linnetd; Paused and Stopped require none (no stream,
    /// or only corked ones). While the server is unreachable no sample exists, so nothing is judged.
    public static func cork(_ sample: SinkSample, timeline: EventTimeline, settle: Double = corkSettle) -> Verdict {
        let window = (sample.start - settle)...(sample.end + settle)
        if timeline.statusOrTrackChanged(in: window) { return .notJudged }
        let status = timeline.status(at: sample.start)
        let uncorked = sample.inputs.filter { !$0.corked }
        let shown = sample.inputs.map { "#\($0.index) '\($0.name)' on \($0.sink)\($0.corked ? ", corked" : "")" }
            .joined(separator: "; ")
        switch status {
        case "Playing":
            if sample.inputs.isEmpty { return .violated("PlaybackStatus Playing but linnetd has no sink input") }
            if uncorked.isEmpty { return .violated("PlaybackStatus Playing but its sink input is corked (\(shown))") }
            return .holds
        default:
            if !uncorked.isEmpty {
                return .violated("PlaybackStatus \(status) but a sink input is uncorked (\(shown))")
            }
            return .holds
        }
    }

    /// Position monotonic while Playing, between seeks and track changes.
    ///
    /// Rule: two consecutive reads are judged when the status was Playing when the first was sent and no status
    /// change, track change or `Seeked` was received from the first read's sending until `grace` after the second
    /// read's reply. Then the second may not be lower than the first by more than `tolerance`.
    public static func position(
        _ previous: PositionRead, _ current: PositionRead, timeline: EventTimeline,
        grace: Double = positionGrace, tolerance: Int64 = positionTolerance
    ) -> Verdict {
        let window = previous.sent...(current.received + grace)
        if !timeline.events(in: window).isEmpty { return .notJudged }
        guard timeline.status(at: previous.sent) == "Playing" else { return .notJudged }
        let (floor, overflow) = previous.microseconds.subtractingReportingOverflow(tolerance)
        if !overflow && current.microseconds < floor {
            return .violated(
                "Position went back from \(previous.microseconds) µs to \(current.microseconds) µs "
                    + "while Playing with no Seeked, track or status change")
        }
        return .holds
    }

    /// Reply latency: p99 under 50 ms (single replies over 1 s are flagged as they happen).
    public static func latency(p99Milliseconds: Double, limit: Double = 50) -> Verdict {
        p99Milliseconds < limit
            ? .holds
            : .violated(String(format: "reply latency p99 %.1f ms, the limit is %.0f ms", p99Milliseconds, limit))
    }

    /// RSS must not trend upward after the first minute: judged only for runs of at least `minimumRun` seconds;
    /// samples before `warmUp` are ignored, and the median of the last third may exceed the median of the first
    /// third by at most max(`toleranceKB`, `toleranceFraction`).
    public static func rssTrend(
        _ samples: [(time: Double, kilobytes: Int)], runSeconds: Double,
        minimumRun: Double = 180, warmUp: Double = 60,
        toleranceKB: Int = 2048, toleranceFraction: Double = 0.10
    ) -> Verdict {
        guard runSeconds >= minimumRun else { return .notJudged }
        let kept = samples.filter { $0.time >= warmUp }.map(\.kilobytes)
        guard kept.count >= 6 else { return .notJudged }
        let third = kept.count / 3
        let first = median(Array(kept.prefix(third))), last = median(Array(kept.suffix(third)))
        let allowed = max(toleranceKB, Int(Double(first) * toleranceFraction))
        if last - first > allowed {
            return .violated(
                "RSS median grew from \(first) kB (first third after \(Int(warmUp)) s) to \(last) kB "
                    + "(last third), more than \(allowed) kB")
        }
        return .holds
    }

    /// The median (upper middle) of `values`, 0 when empty.
    public static func median(_ values: [Int]) -> Int {
        let s = values.sorted()
        return s.isEmpty ? 0 : s[s.count / 2]
    }
}
