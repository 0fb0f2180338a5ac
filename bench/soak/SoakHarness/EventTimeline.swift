/// What the observer learnt from linnetd's signals, in order of receipt, on the harness's monotonic clock
/// (seconds): status changes, track changes (Metadata's `mpris:trackid`) and `Seeked`. The invariant checks ask
/// it "what was the status then" and "did anything that resets a reference happen in this window".
public struct EventTimeline: Sendable {
    /// One observed change.
    public struct Event: Sendable, Equatable {
        public enum Kind: Sendable, Equatable {
            case status(String)
            case track(String)
            case seeked(Int64)
        }
        public var time: Double
        public var kind: Kind
        public init(time: Double, kind: Kind) {
            self.time = time
            self.kind = kind
        }
    }

    /// Events in order of receipt (times never decrease).
    public private(set) var events: [Event] = []
    /// PlaybackStatus before the first recorded status event.
    public var initialStatus: String

    public init(initialStatus: String) {
        self.initialStatus = initialStatus
    }

    /// Records an event received at `time` (clamped so times stay ordered).
    public mutating func append(_ kind: Event.Kind, at time: Double) {
        let t = max(time, events.last?.time ?? time)
        events.append(Event(time: t, kind: kind))
    }

    /// The index of the first event at or after `time`.
    private func firstIndex(atOrAfter time: Double) -> Int {
        var lo = 0, hi = events.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if events[mid].time < time { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// PlaybackStatus as last announced at or before `time`.
    public func status(at time: Double) -> String {
        var i = firstIndex(atOrAfter: time)
        // Events exactly at `time` count as already happened.
        while i < events.count, events[i].time == time { i += 1 }
        while i > 0 {
            i -= 1
            if case .status(let s) = events[i].kind { return s }
        }
        return initialStatus
    }

    /// The events received within `window`.
    public func events(in window: ClosedRange<Double>) -> ArraySlice<Event> {
        let start = firstIndex(atOrAfter: window.lowerBound)
        var end = start
        while end < events.count, events[end].time <= window.upperBound { end += 1 }
        return events[start..<end]
    }

    /// Whether a status or track change was received within `window`.
    public func statusOrTrackChanged(in window: ClosedRange<Double>) -> Bool {
        events(in: window).contains { if case .seeked = $0.kind { return false } else { return true } }
    }

    /// Drops events older than `time`, keeping the status in force then (bounded memory on long runs).
    public mutating func forget(before time: Double) {
        let cut = firstIndex(atOrAfter: time)
        guard cut > 0 else { return }
        initialStatus = status(at: events[cut - 1].time)
        events.removeFirst(cut)
    }
}
