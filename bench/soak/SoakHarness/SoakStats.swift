import Foundation

/// Everything counted during a run, shared by the client, fault and observer threads.
public final class SoakStats: @unchecked Sendable {
    // Safe: every stored property is only touched with `lock` held.
    private let lock = NSLock()
    private var calls: [String: Int] = [:]
    private var errorReplies: [String: Int] = [:]
    private var faults: [String: Int] = [:]
    private var checks: [String: Int] = [:]
    private var violations: [String: Int] = [:]
    private var details: [(time: Double, kind: String, text: String)] = []
    private var latencies: [Double] = []
    private var crashes: [String] = []
    private var interruptions: [String] = []
    private var rss: [(time: Double, kilobytes: Int)] = []
    /// The last calls sent (harness clock, label with arguments), to show what preceded a violation.
    private var recent: [(time: Double, text: String)] = []
    /// Told about every violation and fault as it happens (kind, text): the verbose progress lines.
    private let onEvent: (@Sendable (String, String) -> Void)?
    let origin: Double

    public init(origin: Double, onEvent: (@Sendable (String, String) -> Void)? = nil) {
        self.origin = origin
        self.onEvent = onEvent
    }

    /// A D-Bus call of `kind` answered after `seconds` (an error reply is an answer; `errorName` names it).
    func call(_ kind: String, seconds: Double?, errorName: String? = nil) {
        lock.withLock {
            calls[kind, default: 0] += 1
            if let seconds { latencies.append(seconds) }
            if let errorName { errorReplies[errorName, default: 0] += 1 }
        }
    }

    /// Notes a call (or fault) as sent at `time`, for `recent(in:)`.
    func note(_ text: String, at time: Double) {
        lock.withLock {
            recent.append((time, text))
            if recent.count > 4000 { recent.removeFirst(1000) }
        }
    }

    /// What was sent within `window` (harness clock), oldest first.
    func recent(in window: ClosedRange<Double>) -> [String] {
        lock.withLock {
            recent.filter { window.contains($0.time) }
                .map { String(format: "%.3f s ", $0.time - origin) + $0.text }
        }
    }

    func fault(_ kind: String, _ detail: String = "") {
        note("fault \(kind) \(detail)", at: soakNow())
        lock.withLock { faults[kind, default: 0] += 1 }
        onEvent?("fault", String(format: "%.2f s: ", soakNow() - origin) + "\(kind) \(detail)")
    }

    /// One observation judged by invariant `kind` (counted so a table shows the checks really ran).
    func checked(_ kind: String) { lock.withLock { checks[kind, default: 0] += 1 } }

    func violation(_ kind: String, _ text: String) {
        let now = soakNow() - origin
        lock.withLock {
            violations[kind, default: 0] += 1
            if details.count < 40 { details.append((now, kind, text)) }
        }
        onEvent?(kind, String(format: "%.2f s: ", now) + text)
    }

    func crash(_ text: String) { lock.withLock { crashes.append(text) } }

    /// linnetd was stopped by someone else (the run proves nothing either way).
    func interrupted(_ text: String) { lock.withLock { interruptions.append(text) } }

    func rssSample(kilobytes: Int) {
        let now = soakNow() - origin
        lock.withLock { rss.append((now, kilobytes)) }
    }

    /// A copy of everything so far.
    public var snapshot: Snapshot {
        lock.withLock {
            Snapshot(
                calls: calls, errorReplies: errorReplies, faults: faults, checks: checks, violations: violations,
                details: details, latencies: latencies, crashes: crashes, interruptions: interruptions, rss: rss)
        }
    }

    /// What a run counted.
    public struct Snapshot: Sendable {
        public var calls: [String: Int]
        public var errorReplies: [String: Int]
        public var faults: [String: Int]
        public var checks: [String: Int]
        public var violations: [String: Int]
        public var details: [(time: Double, kind: String, text: String)]
        public var latencies: [Double]
        public var crashes: [String]
        /// Stops from outside the harness (then the run is void).
        public var interruptions: [String]
        public var rss: [(time: Double, kilobytes: Int)]

        public var violationCount: Int { violations.values.reduce(0, +) }

        /// The latency at quantile `q` (0…1) in milliseconds.
        public func latencyMilliseconds(_ q: Double) -> Double {
            guard !latencies.isEmpty else { return 0 }
            let s = latencies.sorted()
            let i = min(s.count - 1, Int((Double(s.count - 1) * q).rounded(.up)))
            return s[i] * 1000
        }
    }
}
