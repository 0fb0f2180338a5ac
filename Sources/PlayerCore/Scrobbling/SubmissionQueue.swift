/// The journal's sending policy for one service, as a pure state machine: which listens (journal ids, oldest
/// first) go in the next request, when to try again and what to do with an answer. The shell runs its steps:
/// `next` says send this batch, wait until a time, or nothing to do (then no timer runs); `finish` takes the
/// answer. Times are a monotonic clock in µs, passed in, so an hour offline is a unit test.
///
/// - A batch is at most the service's limit; one request at a time.
/// - A transient failure puts the batch back in front and waits (`RetryPolicy`, Retry-After honoured).
/// - A rejected batch of several is halved and tried again, down to single listens; a single rejected listen is
///   dropped. An accepted batch doubles the size back toward the limit.
/// - Refused credentials hold everything until `credentialsChanged`.
public struct SubmissionQueue: Sendable, Hashable {
    public let service: ScrobbleService
    public var policy: RetryPolicy
    /// Waiting to be sent, oldest first (not in flight).
    public private(set) var waiting: [Int64] = []
    /// The batch of the request under way.
    public private(set) var inFlight: [Int64] = []
    public private(set) var failures = 0
    /// No request before this (after a failure).
    public private(set) var notBefore: Int64 = .min
    /// Why the credentials were refused; nil while they are not.
    public private(set) var held: String?
    /// The last failure's reason, cleared by an accepted request.
    public private(set) var lastError: String?
    private var batchSize: Int

    public init(service: ScrobbleService, policy: RetryPolicy = RetryPolicy()) {
        self.service = service
        self.policy = policy
        batchSize = service.batchLimit
    }

    /// Listens waiting or in flight.
    public var pendingCount: Int { waiting.count + inFlight.count }

    /// What to do next.
    public enum Step: Sendable, Hashable {
        case send([Int64])
        /// Nothing before this time (µs); then ask again.
        case wait(until: Int64)
        /// Nothing to send, a request under way, or held: no timer.
        case idle
    }

    /// New listens from the journal (appended after those waiting).
    public mutating func add(_ ids: [Int64]) { waiting += ids }

    public mutating func next(now: Int64) -> Step {
        guard inFlight.isEmpty, held == nil, !waiting.isEmpty else { return .idle }
        if now < notBefore { return .wait(until: notBefore) }
        let n = min(max(1, batchSize), service.batchLimit, waiting.count)
        inFlight = Array(waiting.prefix(n))
        waiting.removeFirst(n)
        return .send(inFlight)
    }

    /// What became of the batch in flight.
    public enum Settled: Sendable, Hashable {
        /// The service has them: mark them submitted.
        case delivered([Int64])
        /// Refused for good: drop them (and log why).
        case dropped([Int64], String)
        /// Back in the queue (a wait, or a smaller batch).
        case requeued
        /// Held until the credentials change.
        case held(String)
    }

    public mutating func finish(_ outcome: SubmissionOutcome, now: Int64) -> Settled {
        let batch = inFlight
        inFlight = []
        switch outcome {
        case .accepted:
            failures = 0
            notBefore = .min
            lastError = nil
            batchSize = min(service.batchLimit, batchSize.multipliedReportingOverflow(by: 2).partialValue)
            return .delivered(batch)
        case .transient(let reason, let retryAfter):
            failures += 1
            notBefore = now.addingSaturating(policy.delay(failures: failures, retryAfter: retryAfter))
            lastError = reason
            waiting.insert(contentsOf: batch, at: 0)
            return .requeued
        case .rejected(let reason):
            lastError = reason
            if batch.count > 1 {
                batchSize = batch.count / 2
                waiting.insert(contentsOf: batch, at: 0)
                return .requeued
            }
            return .dropped(batch, reason)
        case .unauthorized(let reason):
            held = reason
            lastError = reason
            waiting.insert(contentsOf: batch, at: 0)
            return .held(reason)
        }
    }

    /// A request that could not be made at all (no libcurl): like a transient failure.
    public mutating func failedToStart(_ reason: String, now: Int64) {
        _ = finish(.transient(reason), now: now)
    }

    /// New credentials (a login): what was held may go, at once.
    public mutating func credentialsChanged() {
        held = nil
        failures = 0
        notBefore = .min
    }

    /// Forgets listens (the journal dropped them).
    public mutating func remove(_ ids: Set<Int64>) {
        waiting.removeAll { ids.contains($0) }
    }
}
