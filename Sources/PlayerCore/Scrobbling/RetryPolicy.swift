/// How long to wait before trying a service again after a transient failure: `base` doubling per failure in a row
/// up to `limit`; a server's Retry-After is honoured as given (at most `retryAfterLimit`). Microseconds.
public struct RetryPolicy: Sendable, Hashable {
    public var base: Int64
    public var limit: Int64
    public var retryAfterLimit: Int64

    /// 10 s doubling to 10 minutes; a Retry-After of at most 6 hours.
    public init(base: Int64 = 10_000_000, limit: Int64 = 600_000_000, retryAfterLimit: Int64 = 21_600_000_000) {
        self.base = max(1000, base)
        self.limit = max(self.base, limit)
        self.retryAfterLimit = max(0, retryAfterLimit)
    }

    /// The wait after `failures` (≥ 1) failures in a row, or what the server asked for.
    public func delay(failures: Int, retryAfter: Int64?) -> Int64 {
        if let retryAfter { return min(max(0, retryAfter), retryAfterLimit) }
        let doublings = min(max(0, failures - 1), 62)
        return min(limit, base.multipliedSaturating(by: Int64(1) << Int64(doublings)))
    }

    /// A policy from `LINNET_SCROBBLE_RETRY` = `BASE:LIMIT` in seconds (tests use a short one); nil when unset or
    /// malformed.
    public init?(environmentValue: String?) {
        guard let parts = environmentValue?.split(separator: ":"), parts.count == 2,
            let b = Double(parts[0]), let l = Double(parts[1]), b > 0, l >= b,
            let base = Int64(saturating: b * 1_000_000), let limit = Int64(saturating: l * 1_000_000)
        else { return nil }
        self.init(base: base, limit: limit)
    }
}

/// What a service answered to a submission, as far as the journal is concerned.
public enum SubmissionOutcome: Sendable, Hashable {
    /// Taken (Last.fm may have ignored some: `ignored` says which, by index in the batch, and why).
    case accepted(ignored: [Int: String] = [:])
    /// Try again later: offline, timed out, 5xx, 429 (with the server's Retry-After, µs, when it gave one).
    case transient(String, retryAfter: Int64? = nil)
    /// The service refuses these listens for good (a malformed listen): they are dropped, with a log line.
    case rejected(String)
    /// The credentials are refused (token, API key, session): nothing is sent until they change; listens wait.
    case unauthorized(String)
}
