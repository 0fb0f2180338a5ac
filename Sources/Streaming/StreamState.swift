import Threading
import Curl
import PlayerCore

/// What an `HTTPByteSource` shares with its network callbacks: the byte window and the current transfer's
/// progress. Every `var` is guarded by `lock` (methods marked "lock held" expect the caller to hold it).
///
/// `@unchecked Sendable`: all mutable state is only touched with `lock` held.
final class StreamState: @unchecked Sendable {
    let url: String
    let settings: StreamSettings
    let observer: (@Sendable (StreamEvent) -> Void)?
    private let lock = ConditionLock()

    // --- guarded by lock ---
    var window: ByteWindow
    private(set) var generation: UInt64 = 0
    private var transfer: HTTPTransfer?
    private(set) var response: HTTPResponse?
    private(set) var transferDone = false
    private(set) var failure: CurlError?
    private var pausedForRoom = false
    private var closed = false

    init(url: String, settings: StreamSettings, observer: (@Sendable (StreamEvent) -> Void)?) {
        self.url = url
        self.settings = settings
        self.observer = observer
        window = ByteWindow(capacity: settings.bufferBytes)
    }

    func withLock<R, E: Error>(_ body: () throws(E) -> R) throws(E) -> R { try lock.withLock(body) }

    /// Stops the transfer and wakes every waiter (any thread, lock not held).
    func close() {
        let t: HTTPTransfer? = lock.withLock {
            closed = true
            lock.broadcast()
            defer { transfer = nil }
            return transfer
        }
        t?.cancel()
    }

    // MARK: - consumer side (lock held)

    func checkOpen() throws(DecodeError) {
        if closed { throw DecodeError(.io, path: url, message: "stream closed") }
    }

    /// Starts a request: from `offset` by Range (nil: the whole resource, counting its bytes from
    /// `continuingAt`, which is how a live stream resumes).
    func start(at offset: Int64?, icy: Bool, continuingAt: Int64 = 0) throws(DecodeError) {
        // Closed (the load was cancelled before it got here): no transfer that nobody would cancel.
        try checkOpen()
        transfer?.cancel()
        generation &+= 1
        response = nil
        transferDone = false
        failure = nil
        pausedForRoom = false
        window.reset(at: offset ?? continuingAt)
        var request = HTTPRequest(url: url)
        request.rangeStart = offset
        request.caFile = settings.caFile
        request.connectTimeoutSeconds = settings.connectTimeoutSeconds
        request.lowSpeedBytesPerSecond = settings.lowSpeedBytesPerSecond
        request.lowSpeedSeconds = settings.lowSpeedSeconds
        if icy { request.headers.append("Icy-MetaData: 1") }
        let receiver = StreamReceiver(state: self, generation: generation, rangeStart: offset ?? 0)
        do {
            transfer = try CurlLoop.start(request, delegate: receiver)
        } catch {
            throw Self.decodeError(error, offset: offset)
        }
    }

    /// Waits for the response headers of the current request.
    func awaitResponse() throws(DecodeError) -> HTTPResponse {
        let deadline = monotonicSeconds() + Double(settings.connectTimeoutSeconds) + settings.readTimeoutSeconds
        while true {
            try checkOpen()
            if let response { return response }
            if transferDone {
                let f = failure ?? CurlError(.other, url: url, message: "the transfer ended without a response")
                throw Self.decodeError(f, offset: nil)
            }
            if !lock.wait(until: deadline) && response == nil && !transferDone {
                transfer?.cancel()
                throw DecodeError(
                    .io, path: url, message: "no response within \(Int(deadline - monotonicSeconds() + 0.5)) s")
            }
        }
    }

    /// Waits for more bytes (or the end); a stall longer than the read timeout fails.
    func awaitData() throws(DecodeError) {
        let before = window.end
        let deadline = monotonicSeconds() + settings.readTimeoutSeconds
        while window.end == before && !transferDone {
            try checkOpen()
            if !lock.wait(until: deadline) && window.end == before && !transferDone {
                transfer?.cancel()
                throw DecodeError(
                    .io, path: url, offset: window.readOffset,
                    message: "read timed out: no data for \(Int(settings.readTimeoutSeconds)) s")
            }
        }
    }

    /// After a read: let a paused transfer go on once half the window is free.
    func resumeIfRoom() {
        if pausedForRoom && window.unread <= window.capacity / 2 {
            pausedForRoom = false
            transfer?.resume()
        }
    }

    /// A deliberate back-off before a reconnect; `close()` cuts it short.
    func sleep(seconds: Double) throws(DecodeError) {
        let deadline = monotonicSeconds() + seconds
        while monotonicSeconds() < deadline {
            try checkOpen()
            lock.wait(until: deadline)
        }
        try checkOpen()
    }

    // MARK: - network side (called by StreamReceiver on the loop thread, lock held)

    func receivedResponse(_ r: HTTPResponse, generation g: UInt64) {
        guard g == generation else { return }
        response = r
        lock.broadcast()
    }

    /// Takes audio bytes; false when the window is full (the transfer pauses and the chunk comes again).
    func receivedAudio(_ data: UnsafeRawBufferPointer, generation g: UInt64) -> Bool {
        guard g == generation else { return true }
        guard window.append(data) else {
            pausedForRoom = true
            return false
        }
        lock.broadcast()
        return true
    }

    func hasRoom(for count: Int, generation g: UInt64) -> Bool {
        guard g == generation else { return true }
        if window.unread + count <= window.capacity || window.unread == 0 { return true }
        pausedForRoom = true
        return false
    }

    func finished(_ error: CurlError?, generation g: UInt64) {
        guard g == generation else { return }
        transferDone = true
        failure = error
        transfer = nil
        lock.broadcast()
    }

    /// A network failure as the decoder's error type.
    static func decodeError(_ e: CurlError, offset: Int64?, suffix: String = "") -> DecodeError {
        let kind: DecodeError.Kind
        var message = e.message
        switch e.kind {
        case .tlsVerification: message = "TLS verification failed: \(e.message)"; kind = .io
        case .tooManyRedirects: message = "too many redirects: \(e.message)"; kind = .io
        case .timedOut: message = "timed out (server too slow or stalled): \(e.message)"; kind = .io
        case .unsupportedScheme:
            message = "redirect or URL to an unsupported scheme (only http, https): \(e.message)";
            kind = .unsupportedFormat
        case .rejected where e.message.hasPrefix("HTTP 404"): kind = .notFound
        default: kind = .io
        }
        return DecodeError(kind, path: e.url, offset: offset, message: message + suffix)
    }
}
