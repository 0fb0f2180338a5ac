import PlayerCore

/// What the listener hears now, in frames of the stream, from the server's raw timing replies.
///
/// Why not `pa_stream_get_time`: with PA_STREAM_INTERPOLATE_TIMING libpulse runs a smoother that keeps running
/// while a stream that started corked waits (a restored, paused session reported a second "heard" before anything
/// played), and its monotonic clamp hides the read index stepping back when a sink rewinds on flush (the
/// position jumped ahead by the server queue after a seek, then stood still). This clock uses only the raw reply:
/// heard = read index − sink latency, plus the transport time and the time since the reply while the server says
/// the stream is playing; capped at what was written; never backwards within an epoch.
///
/// Pure value; every input from C goes through overflow-reporting arithmetic (a garbage reply never traps).
struct HeardClock: Sendable {
    /// One timing reply as the server sent it (indexes in bytes, times in µs of pa_rtclock).
    struct Sample: Sendable, Equatable {
        var readIndex: Int64
        var sinkMicroseconds: UInt64
        var transportMicroseconds: UInt64
        var playing: Bool
        var receivedAt: UInt64
    }

    let bytesPerFrame: Int64
    let sampleRate: Int64
    private(set) var sample: Sample?
    /// The lowest value `heard` may return until the next `reset` (monotonic within an epoch).
    private var floor: Int64?

    init(bytesPerFrame: Int, sampleRate: Int) {
        self.bytesPerFrame = Int64(clamping: max(1, bytesPerFrame))
        self.sampleRate = Int64(clamping: max(1, sampleRate))
    }

    /// A new epoch (open, flush): what was heard before says nothing about what comes.
    mutating func reset() {
        floor = nil
    }

    /// Drops the reply (it described a stream state that a flush or cork has since changed).
    mutating func forgetSample() {
        sample = nil
    }

    mutating func update(_ s: Sample) {
        sample = s
    }

    /// Frames for `microseconds` at the stream's rate, saturating.
    func frames(forMicroseconds us: UInt64) -> Int64 {
        let signed = Int64(clamping: us)
        let (product, overflow) = signed.multipliedReportingOverflow(by: sampleRate)
        return overflow ? Int64.max / 2 : product / 1_000_000
    }

    /// The absolute stream frame (read-index frames) heard at `now`, capped at `writtenFrame`; nil before a reply.
    /// `corked`: the client corked since the reply, so no time is added.
    mutating func heard(now: UInt64, corked: Bool, writtenFrame: Int64) -> Int64? {
        guard let s = sample else { return nil }
        var frame = s.readIndex / bytesPerFrame
        frame = frame.subtractingSaturating(frames(forMicroseconds: s.sinkMicroseconds))
        if s.playing && !corked {
            let elapsed = now >= s.receivedAt ? now - s.receivedAt : 0
            let (ahead, overflow) = s.transportMicroseconds.addingReportingOverflow(elapsed)
            frame = frame.addingSaturating(frames(forMicroseconds: overflow ? UInt64.max : ahead))
        }
        frame = min(frame, writtenFrame)
        if let f = floor, frame < f { frame = f }
        floor = frame
        return frame
    }
}
