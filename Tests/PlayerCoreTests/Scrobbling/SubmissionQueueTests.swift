import PlayerCore
import Testing

/// The journal's sending policy with a simulated clock: batching, back-off, Retry-After, permanent and
/// credential refusals, and an hour offline that loses and repeats nothing.
@Suite struct SubmissionQueueTests {
    let s: Int64 = 1_000_000

    @Test func batchesUpToTheServiceLimit() {
        var q = SubmissionQueue(service: .lastFM)
        q.add(Array(1...120))
        #expect(q.next(now: 0) == .send(Array(1...50)))
        #expect(q.next(now: 0) == .idle)  // one request at a time
        #expect(q.finish(.accepted(), now: 0) == .delivered(Array(1...50)))
        #expect(q.next(now: 0) == .send(Array(51...100)))
        _ = q.finish(.accepted(), now: 0)
        #expect(q.next(now: 0) == .send(Array(101...120)))
        _ = q.finish(.accepted(), now: 0)
        #expect(q.next(now: 0) == .idle)
        var lb = SubmissionQueue(service: .listenBrainz)
        lb.add(Array(1...1500))
        #expect(lb.next(now: 0) == .send(Array(1...1000)))
    }

    @Test func backOffDoublesToItsLimitAndRetryAfterIsHonoured() {
        let policy = RetryPolicy(base: 10 * s, limit: 60 * s)
        #expect(policy.delay(failures: 1, retryAfter: nil) == 10 * s)
        #expect(policy.delay(failures: 3, retryAfter: nil) == 40 * s)
        #expect(policy.delay(failures: 9, retryAfter: nil) == 60 * s)
        #expect(policy.delay(failures: 1000, retryAfter: nil) == 60 * s)
        #expect(policy.delay(failures: 2, retryAfter: 3 * s) == 3 * s)
        var q = SubmissionQueue(service: .listenBrainz, policy: policy)
        q.add([1, 2])
        #expect(q.next(now: 0) == .send([1, 2]))
        #expect(q.finish(.transient("429", retryAfter: 7 * s), now: 0) == .requeued)
        #expect(q.next(now: 1 * s) == .wait(until: 7 * s))
        #expect(q.next(now: 7 * s) == .send([1, 2]))
        _ = q.finish(.transient("500"), now: 7 * s)
        #expect(q.next(now: 7 * s) == .wait(until: 27 * s))  // the second failure in a row: 20 s
        #expect(q.lastError == "500")
        #expect(q.next(now: 27 * s) == .send([1, 2]))
        #expect(q.finish(.accepted(), now: 27 * s) == .delivered([1, 2]))
        #expect(q.lastError == nil && q.failures == 0)
    }

    @Test func aRejectedBatchIsHalvedDownToTheBadListen() {
        var q = SubmissionQueue(service: .listenBrainz)
        q.add([1, 2, 3, 4])
        let bad: Int64 = 3
        var delivered: [Int64] = []
        var dropped: [Int64] = []
        for _ in 0..<20 {
            guard case .send(let batch) = q.next(now: 0) else { break }
            let outcome: SubmissionOutcome = batch.contains(bad) ? .rejected("400 bad listen") : .accepted()
            switch q.finish(outcome, now: 0) {
            case .delivered(let ids): delivered += ids
            case .dropped(let ids, _): dropped += ids
            default: break
            }
        }
        #expect(delivered.sorted() == [1, 2, 4])
        #expect(dropped == [3])
    }

    @Test func refusedCredentialsHoldUntilNewOnes() {
        var q = SubmissionQueue(service: .lastFM)
        q.add([1])
        _ = q.next(now: 0)
        #expect(q.finish(.unauthorized("invalid session key"), now: 0) == .held("invalid session key"))
        #expect(q.next(now: 1000 * s) == .idle)
        q.add([2])
        #expect(q.pendingCount == 2)
        q.credentialsChanged()
        #expect(q.next(now: 1000 * s) == .send([1, 2]))
    }

    /// The service is offline for an hour of simulated time while listens keep coming (one every 3 minutes);
    /// then it answers. Every listen arrives exactly once, the first attempt after the return comes within the
    /// back-off limit, and the attempts made while offline stay few (the back-off grows).
    @Test func anHourOfflineLosesAndRepeatsNothing() {
        let policy = RetryPolicy()  // the daemon's: 10 s doubling to 10 minutes
        var q = SubmissionQueue(service: .listenBrainz, policy: policy)
        let hour: Int64 = 3600 * s
        var now: Int64 = 0
        var next: Int64 = 1
        var nextListenAt: Int64 = 0
        var arrived: [Int64] = []
        var attemptsOffline = 0
        var firstAfterReturn: Int64?
        let lastListen = hour + 30 * 60 * s
        while now <= 2 * hour {
            if now >= nextListenAt {
                q.add([next])
                next += 1
                nextListenAt += 180 * s
                if nextListenAt > lastListen { nextListenAt = .max }
            }
            switch q.next(now: now) {
            case .send:
                if now < hour {
                    attemptsOffline += 1
                    _ = q.finish(.transient("couldn't connect"), now: now)
                } else {
                    if firstAfterReturn == nil { firstAfterReturn = now }
                    if case .delivered(let ids) = q.finish(.accepted(), now: now) { arrived += ids }
                }
            case .wait(let until):
                now = min(until, nextListenAt)
            case .idle:
                guard nextListenAt != .max else { break }
                now = nextListenAt
            }
            if nextListenAt == .max && q.pendingCount == 0 { break }
        }
        let expected = Array(1..<next)
        #expect(arrived == expected, "lost or repeated")
        #expect(Set(arrived).count == arrived.count)
        #expect(q.pendingCount == 0)
        #expect((firstAfterReturn ?? .max) - hour <= policy.limit)
        #expect(attemptsOffline <= 12, "\(attemptsOffline) attempts in an hour offline")
    }

    /// A storm of 429s, each with Retry-After 1 s: the queue waits what the server asks, never less.
    @Test func aStormOf429sIsWaitedOut() {
        var q = SubmissionQueue(service: .lastFM)
        q.add(Array(1...10))
        var now: Int64 = 0
        var attempts: [Int64] = []
        var arrived: [Int64] = []
        while arrived.count < 10, now < 600 * s {
            switch q.next(now: now) {
            case .send:
                attempts.append(now)
                let storm = attempts.count <= 30
                if case .delivered(let ids) = q.finish(
                    storm ? .transient("rate limit", retryAfter: 1 * s) : .accepted(), now: now)
                {
                    arrived += ids
                }
            case .wait(let until): now = until
            case .idle: now += s
            }
        }
        #expect(arrived == Array(1...10))
        for (a, b) in zip(attempts, attempts.dropFirst()) { #expect(b - a >= 1 * s) }
    }
}
