/// The clock of an output that sends PCM to a server which plays it later (Snapcast): how much to send now so the
/// server never starves and never holds more than it must, and which frame a room hears now.
///
/// Model: the server takes what we send at its own real-time rate. So the history is a list of segments of
/// "consumption" in send time — running (the consumption point moves at the sample rate from a start frame) or
/// flat (paused, or run dry: it stays at what was sent) — and a room hears at `now` what was consumed at
/// `now − latency`. Sending runs `lead` ahead of consumption so a late tick never starves the server.
///
/// Pure value (times in µs of a monotonic clock); every input goes through saturating arithmetic.
public struct PacedPlayout: Sendable {
    /// One stretch of the consumption history.
    struct Segment: Sendable, Equatable {
        var time: UInt64
        var frame: Int64
        var running: Bool
    }

    public let sampleRate: Int64
    /// From sending a frame to a room playing it (the server's buffer plus the rooms' latency).
    public let latencyMicroseconds: UInt64
    /// How far ahead of consumption sending runs.
    public let leadMicroseconds: UInt64
    /// Frames sent in this epoch (since open or flush).
    public private(set) var sent: Int64 = 0
    private(set) var segments: [Segment] = []
    private var floor: Int64?
    /// True while flat because nothing was there to send (not because of a pause).
    private var stalled = false
    /// At most this many segments are kept (older ones are long heard); bounds memory if ticks are very short.
    static let maximumSegments = 512

    public init(sampleRate: Int, latencyMicroseconds: UInt64, leadMicroseconds: UInt64 = 60_000) {
        self.sampleRate = Int64(clamping: max(1, sampleRate))
        self.latencyMicroseconds = latencyMicroseconds
        self.leadMicroseconds = leadMicroseconds
    }

    /// Whether consumption is running (sending is due).
    public var isRunning: Bool { segments.last?.running ?? false }

    /// A new epoch (open, flush): nothing sent; consumption continues from 0 now if it was running.
    public mutating func reset(at now: UInt64) {
        let running = isRunning
        sent = 0
        floor = nil
        stalled = false
        segments = [Segment(time: now, frame: 0, running: running)]
    }

    /// Playback starts or resumes: consumption runs from what was sent.
    public mutating func start(at now: UInt64) {
        guard !isRunning else { return }
        append(Segment(time: max(now, segments.last?.time ?? now), frame: sent, running: true))
    }

    /// Playback pauses: consumption stops at what was sent (the server plays out what it holds).
    public mutating func stop(at now: UInt64) {
        stalled = false
        guard isRunning else { return }
        appendFlat(at: now)
    }

    /// Consumption runs on until it reaches what was sent (the server plays out what it holds), then stays.
    private mutating func appendFlat(at now: UInt64) {
        guard let last = segments.last else { return }
        let ahead = sent.subtractingSaturating(last.frame)
        let reach = last.time.addingSaturating(UInt64(clamping: ahead.multipliedSaturating(by: 1_000_000) / sampleRate))
        append(Segment(time: max(now, reach), frame: sent, running: false))
    }

    /// Frames to send at `now` so that sending stays `lead` ahead of consumption; 0 when not running.
    public func framesDue(at now: UInt64) -> Int64 {
        guard let last = segments.last, last.running else { return 0 }
        let elapsed = now >= last.time ? now - last.time : 0
        let target = last.frame.addingSaturating(frames(forMicroseconds: elapsed.addingSaturating(leadMicroseconds)))
        return max(0, target.subtractingSaturating(sent))
    }

    /// `frames` were sent at `now`, `asked` were due. Sending less than was due means the server will run dry at
    /// what was sent; sending again after that restarts consumption from there.
    public mutating func didSend(_ frames: Int64, asked: Int64, at now: UInt64) {
        guard frames >= 0 else { return }
        if frames > 0, let last = segments.last, !last.running, stalled {
            append(Segment(time: max(now, last.time), frame: sent, running: true))
            stalled = false
        }
        sent = sent.addingSaturating(frames)
        if frames < asked, isRunning {
            // Ran dry: consumption reaches `sent` soon (sending was only `lead` ahead) and stays there.
            appendFlat(at: now)
            stalled = true
        }
    }

    /// The frame of this epoch heard at `now`, nil while nothing of it can have been heard yet.
    public mutating func heard(at now: UInt64) -> Int64? {
        guard now >= latencyMicroseconds else { return nil }
        let target = now - latencyMicroseconds
        guard let index = segments.lastIndex(where: { $0.time <= target }) else { return nil }
        let s = segments[index]
        var frame = s.frame
        if s.running { frame = frame.addingSaturating(frames(forMicroseconds: target - s.time)) }
        if index + 1 < segments.count { frame = min(frame, segments[index + 1].frame) }
        frame = min(frame, sent)
        if let f = floor, frame < f { frame = f }
        floor = frame
        return frame
    }

    func frames(forMicroseconds us: UInt64) -> Int64 {
        Int64(clamping: us).multipliedSaturating(by: sampleRate) / 1_000_000
    }

    private mutating func append(_ s: Segment) {
        if segments.count >= Self.maximumSegments { segments.removeFirst(segments.count / 2) }
        segments.append(s)
    }
}

extension UInt64 {
    func addingSaturating(_ other: UInt64) -> UInt64 {
        let (r, o) = addingReportingOverflow(other)
        return o ? .max : r
    }
}
