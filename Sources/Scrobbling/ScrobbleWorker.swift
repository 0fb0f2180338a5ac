import Curl
import Digest
import Dispatch
import FileSystem
import Glibc
import PlayerCore

// CONCURRENCY MODEL
// Everything here runs on the worker's own serial queue (`queue`): the journal's connection, the submission
// queues, the back-off timer and the answers of requests, which libcurl delivers on its loop thread and which hop
// onto the queue at once. The queue never waits for the network (requests are asynchronous), so the main actor
// may call `record` synchronously: the listen is committed before `record` returns. Status goes out through
// `onStatus`, called on the queue (the owner hops to the main actor).

/// Submits the journal's listens to ListenBrainz and Last.fm (`SubmissionQueue` decides; this runs it), sends
/// "playing now", and performs the Last.fm desktop login. No timer runs while nothing waits or a request is
/// under way: an idle daemon has no wake-ups from it.
public final class ScrobbleWorker: @unchecked Sendable {
    // @unchecked: every stored var is touched only on `queue` (see the model above); `dispatchPrecondition`
    // checks it where it matters.
    public let queue = DispatchQueue(label: "linnet.scrobble")
    private let journal: ScrobbleJournal
    var settings: ScrobbleSettings
    var queues: [ScrobbleService: SubmissionQueue] = [:]
    private var enabled: Bool
    private var timer: (any DispatchSourceTimer)?
    private var timerDeadline: Int64?
    private let policy: RetryPolicy
    private let timeoutSeconds: Int
    let secretsPath: String?
    let log: @Sendable (String) -> Void
    /// The last reason logged per service (a failure is logged when it changes, not on every retry).
    private var loggedReason: [ScrobbleService: String] = [:]
    /// Told of every change of the status, on the queue (`observeStatus`).
    private var onStatus: (@Sendable (ScrobbleStatus) -> Void)?

    /// Opens the journal in `stateDirectory` and queues what it holds. `secretsPath`: where a Last.fm login
    /// stores its session key (0600). `policy` and `timeoutSeconds` come from the environment in tests.
    public init(
        stateDirectory: String, settings: ScrobbleSettings, secretsPath: String?, policy: RetryPolicy = RetryPolicy(),
        timeoutSeconds: Int = 30, log: @escaping @Sendable (String) -> Void
    ) throws(ScrobbleJournalError) {
        journal = try ScrobbleJournal(directory: stateDirectory)
        self.settings = settings
        self.secretsPath = secretsPath
        self.policy = policy
        self.timeoutSeconds = timeoutSeconds
        self.log = log
        enabled = journal.setting("enabled").map { $0 != 0 } ?? true
        for service in ScrobbleService.allCases {
            var q = SubmissionQueue(service: service, policy: policy)
            q.add((try? journal.pending(service)) ?? [])
            queues[service] = q
        }
        queue.async { self.pump() }
    }

    // MARK: - Entry points (any thread)

    /// Commits `listen` for every configured service, then submits it; returns once it is in the journal. False
    /// when scrobbling is off, no service is set up, or the journal could not write (logged).
    @discardableResult
    public func record(_ listen: Listen) -> Bool {
        queue.sync {
            let services = settings.services
            guard enabled, !services.isEmpty else { return false }
            let id: Int64
            do { id = try journal.append(listen, for: services) } catch {
                log("scrobble: cannot keep a listen: \(error)")
                return false
            }
            for s in services { queues[s]?.add([id]) }
            pump()
            return true
        }
    }

    /// Tells the configured services what plays now (best effort: not journaled, not retried, and not sent to a
    /// service that is failing or held).
    public func nowPlaying(_ listen: Listen) {
        queue.async { [self] in
            guard enabled else { return }
            let now = Self.clock()
            for service in settings.services {
                guard let q = queues[service], q.held == nil, now >= q.notBefore,
                    let request = request(service, [listen], nowPlaying: true)
                else { continue }
                send(request, service: service) { _ in }
            }
        }
    }

    public func setEnabled(_ on: Bool) {
        queue.sync {
            guard on != enabled else { return }
            enabled = on
            do { try journal.setSetting("enabled", on ? 1 : 0) } catch { log("scrobble: \(error)") }
            log("scrobble: \(on ? "enabled" : "disabled")")
            pump()
        }
    }

    public var status: ScrobbleStatus { queue.sync { currentStatus() } }

    /// `handler` hears every change of the status from now on, on the worker's queue.
    public func observeStatus(_ handler: @escaping @Sendable (ScrobbleStatus) -> Void) {
        queue.sync { onStatus = handler }
    }

    // MARK: - Submitting (queue)

    /// Starts what may start and arms the timer for the earliest wait (or disarms it).
    func pump() {
        dispatchPrecondition(condition: .onQueue(queue))
        var wake: Int64?
        if enabled {
            let now = Self.clock()
            for service in ScrobbleService.allCases where configured(service) {
                guard var q = queues[service] else { continue }
                let step = q.next(now: now)
                queues[service] = q
                switch step {
                case .send(let ids): submit(ids, to: service)
                case .wait(let until): wake = min(wake ?? until, until)
                case .idle: break
                }
            }
        }
        arm(wake)
        onStatus?(currentStatus())
    }

    private func configured(_ service: ScrobbleService) -> Bool { settings.services.contains(service) }

    /// Sends the batch `ids` (taken by `next`). A batch that cannot be sent at all (the journal unreadable, no
    /// MD5) counts as a transient failure; the queue is pumped again afterwards, not from inside this pump.
    private func submit(_ ids: [Int64], to service: ScrobbleService) {
        func repumpLater() { queue.async { [self] in pump() } }
        let rows: [(id: Int64, listen: Listen)]
        do { rows = try journal.listens(ids) } catch {
            queues[service]?.failedToStart("\(error)", now: Self.clock())
            return repumpLater()
        }
        // Listens gone from the journal (they should not be) are done for this service.
        guard !rows.isEmpty else {
            _ = queues[service]?.finish(.accepted(), now: Self.clock())
            return repumpLater()
        }
        guard let request = request(service, rows.map(\.listen), nowPlaying: false) else {
            queues[service]?.failedToStart(Self.md5Problem ?? "cannot build the request", now: Self.clock())
            return repumpLater()
        }
        let count = rows.count
        send(request, service: service) { [self] result in
            let outcome: SubmissionOutcome
            switch result {
            case .failure(let failure): outcome = .transient(failure.reason)
            case .success(let response):
                outcome =
                    service == .listenBrainz
                    ? ListenBrainzAPI.classify(response) : LastFMAPI.classifyScrobble(response, count: count)
            }
            settle(outcome, service: service, rows: rows)
        }
    }

    private func settle(_ outcome: SubmissionOutcome, service: ScrobbleService, rows: [(id: Int64, listen: Listen)]) {
        guard var q = queues[service] else { return }
        let settled = q.finish(outcome, now: Self.clock())
        queues[service] = q
        let name = service.displayName
        switch settled {
        case .delivered(let ids):
            if case .accepted(let ignored) = outcome {
                for (i, why) in ignored.sorted(by: { $0.key < $1.key }) where i < rows.count {
                    log("scrobble: \(name) ignored \(describe(rows[i].listen)): \(why)")
                }
            }
            finish(ids, service)
            if loggedReason[service] != nil {
                loggedReason[service] = nil
                log("scrobble: \(name) takes listens again")
            }
        case .dropped(let ids, let reason):
            for row in rows where ids.contains(row.id) {
                log("scrobble: dropped \(describe(row.listen)) for \(name): \(reason)")
            }
            finish(ids, service)
        case .requeued, .held:
            if let reason = q.lastError, loggedReason[service] != reason {
                loggedReason[service] = reason
                log("scrobble: \(name): \(reason); \(q.pendingCount) listens wait")
            }
        }
        pump()
    }

    private func finish(_ ids: [Int64], _ service: ScrobbleService) {
        do { try journal.finish(ids, for: service) } catch {
            // They stay in the file: sent again after a restart (the service drops the repeat).
            log("scrobble: \(error)")
        }
    }

    private func describe(_ l: Listen) -> String { "'\(l.artist) – \(l.title)' (\(l.listenedAt))" }

    private func arm(_ wake: Int64?) {
        guard let wake else {
            if timerDeadline != nil {
                timer?.schedule(deadline: .distantFuture)
                timerDeadline = nil
            }
            return
        }
        guard timerDeadline != wake else { return }
        if timer == nil {
            let t = DispatchSource.makeTimerSource(queue: queue)
            t.setEventHandler { [weak self] in
                self?.timerDeadline = nil
                self?.pump()
            }
            t.activate()
            timer = t
        }
        timerDeadline = wake
        let delay = max(0, wake - Self.clock())
        timer?.schedule(deadline: .now() + .microseconds(Int(clamping: delay)), leeway: .milliseconds(20))
    }

    private func currentStatus() -> ScrobbleStatus {
        let services = ScrobbleService.allCases.map { s in
            let q = queues[s]
            return ScrobbleStatus.Service(
                service: s, configured: configured(s), pending: q?.pendingCount ?? 0, lastError: q?.lastError ?? "",
                held: q?.held != nil)
        }
        return ScrobbleStatus(enabled: enabled, services: services, streams: settings.streams)
    }

    // MARK: - Requests

    func lastFM() -> LastFMAPI? {
        guard let key = settings.lastFMAPIKey, let secret = settings.lastFMAPISecret, Self.md5Problem == nil else {
            return nil
        }
        return LastFMAPI(root: settings.lastFMURL, apiKey: key, secret: secret, md5: { (try? MD5.hex($0)) ?? "" })
    }

    /// Why MD5 cannot be computed (libcrypto missing), nil when it can.
    static let md5Problem: String? = {
        do throws(DigestError) {
            _ = try MD5.hex([])
            return nil
        } catch { return error.message }
    }()

    private func request(_ service: ScrobbleService, _ listens: [Listen], nowPlaying: Bool) -> ScrobbleRequest? {
        switch service {
        case .listenBrainz:
            guard let token = settings.listenBrainzToken else { return nil }
            return ListenBrainzAPI.submit(
                listens, type: nowPlaying ? .playingNow : nil, root: settings.listenBrainzURL, token: token)
        case .lastFM:
            guard let api = lastFM(), let session = settings.lastFMSession, let first = listens.first else {
                return nil
            }
            return nowPlaying ? api.nowPlaying(first, session: session) : api.scrobble(listens, session: session)
        }
    }

    /// Sends `request`; `done` runs on the queue with the answer or why there was none.
    func send(
        _ request: ScrobbleRequest, service: ScrobbleService,
        done: @escaping (Result<ScrobbleResponse, TransportFailure>) -> Void
    ) {
        var http = HTTPRequest(url: request.url)
        http.body = request.body
        http.headers = request.headers
        http.timeoutSeconds = timeoutSeconds
        http.lowSpeedBytesPerSecond = 0  // an API answer is small: the total timeout bounds a slow server
        http.maxRedirects = 0  // a redirected POST would go out as a GET without its body
        let box = UncheckedBox(done)
        do {
            try HTTPExchange.send(http, maxBodyBytes: 256 * 1024) { [queue] result in
                queue.async {
                    switch result {
                    case .success(let (response, body)):
                        box.value(
                            .success(ScrobbleResponse(status: response.status, headers: response.headers, body: body)))
                    case .failure(let error):
                        box.value(.failure(TransportFailure("\(service.displayName) unreachable: \(error.message)")))
                    }
                }
            }
        } catch {
            // Answered later, like a real answer: the caller's loop over the services is not re-entered.
            let failure = TransportFailure("\(service.displayName): \(error.message)")
            queue.async { box.value(.failure(failure)) }
        }
    }

    /// A request that got no answer (offline, timeout, no libcurl).
    struct TransportFailure: Error {
        var reason: String
        init(_ reason: String) { self.reason = reason }
    }

    static func clock() -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Int64(ts.tv_sec) * 1_000_000 + Int64(ts.tv_nsec) / 1000
    }
}

/// Carries a closure made on the worker's queue through libcurl's thread and back to the queue, where alone it
/// is called.
struct UncheckedBox<T>: @unchecked Sendable {
    // @unchecked: created and used on the worker's queue only; the loop thread just passes it along.
    let value: T
    init(_ value: T) { self.value = value }
}
