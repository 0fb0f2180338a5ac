import PlayerCore
import Soxr
import Threading

/// Carries one Snapcast stream's audio to its snapserver on a thread of its own: the audio thread hands over
/// blocks (`enqueue`, a copy, never blocking on the network); the sender converts them to the stream's format and
/// writes them, connecting when there is something to send and reconnecting with back-off (0.1 s doubling to 5 s)
/// when the server is gone. Nothing is sent while nothing is handed over (paused, stopped), so snapserver goes
/// idle; the thread then waits without a timer.
///
/// Threading: `shared` under `lock` (a leaf lock: nothing is called while holding it); the connection and the
/// converter belong to the sender thread.
public final class SnapcastSender: Sendable {
    public let endpoint: SnapcastEndpoint
    private let lock = ConditionLock()
    private let shared: SharedBox
    private let log: @Sendable (String) -> Void

    /// What the sender thread and the audio thread share (under `lock`).
    struct Shared {
        var blocks: [Block] = []
        var pendingBytes = 0
        /// Bumped by `flush`: the thread resets its converter.
        var flushes: UInt64 = 0
        var gain: Float = 1
        var closed = false
        var status: SnapcastStatus = .idle
        /// `finish` came when nothing was pending: the thread drains its converter.
        var finishPending = false
    }

    /// One handed-over block of the engine's PCM; `ends` marks the end of the input (the resampler's tail follows).
    struct Block {
        var format: AudioFormat
        var bytes: [UInt8]
        var ends = false
    }

    /// `@unchecked Sendable`: `value` is only touched with the owner's `lock` held.
    final class SharedBox: @unchecked Sendable {
        var value = Shared()
    }

    /// How much unsent audio is kept (in input seconds) before the oldest is dropped (a stuck server).
    static let maximumPendingSeconds = 2

    /// Starts the sender's thread; `onStatus` is called from it when the status changes (connected, retrying).
    public init(
        endpoint: SnapcastEndpoint, log: @escaping @Sendable (String) -> Void,
        onStatus: @escaping @Sendable (SnapcastStatus) -> Void = { _ in }
    ) {
        self.endpoint = endpoint
        self.log = log
        shared = SharedBox()
        let started = startDetachedThread { [lock, shared, endpoint, log] in
            SenderLoop(endpoint: endpoint, lock: lock, shared: shared, log: log, onStatus: onStatus).run()
        }
        if !started {
            // Said where statuses are read (`linnet output list`) and in the log, not only kept here.
            let status = SnapcastStatus.failed("cannot start the sender thread")
            shared.value.status = status
            log("snapcast: \(endpoint): \(status)")
            onStatus(status)
        }
    }

    /// Stops the thread (it closes the connection).
    public func close() {
        lock.withLock {
            shared.value.closed = true
            shared.value.blocks.removeAll()
            lock.broadcast()
        }
    }

    deinit { close() }

    /// Hands over rendered PCM (copied); called on the audio thread. Drops the oldest audio past the limit.
    public func enqueue(_ bytes: UnsafeRawBufferPointer, format: AudioFormat) {
        guard !bytes.isEmpty else { return }
        lock.withLock {
            var s = shared.value
            defer { shared.value = s }
            guard !s.closed else { return }
            if let last = s.blocks.last, last.format == format, last.bytes.count < 64 * 1024 {
                s.blocks[s.blocks.count - 1].bytes.append(contentsOf: bytes)
            } else {
                s.blocks.append(Block(format: format, bytes: Array(bytes)))
            }
            s.pendingBytes += bytes.count
            let limit = Self.maximumPendingSeconds * format.sampleRate * format.bytesPerFrame
            while s.pendingBytes > limit, s.blocks.count > 1 {
                s.pendingBytes -= s.blocks.removeFirst().bytes.count
            }
            // The thread is woken per 40 ms of audio, not per block (the sound server asks every few ms).
            if s.pendingBytes >= format.sampleRate / 25 * format.bytesPerFrame { lock.broadcast() }
        }
    }

    /// Sends what is pending now (a pause: the rooms get everything written before it).
    public func push() {
        lock.withLock { if !shared.value.blocks.isEmpty { lock.broadcast() } }
    }

    /// The input ends here (end of queue, or a format change follows): what the resampler holds is sent too.
    public func finish() {
        lock.withLock {
            if shared.value.blocks.isEmpty {
                shared.value.finishPending = true
            } else {
                shared.value.blocks[shared.value.blocks.count - 1].ends = true
            }
            lock.broadcast()
        }
    }

    /// Drops what was handed over but not yet sent (a seek, a new track replacing the old one).
    public func flush() {
        lock.withLock {
            shared.value.blocks.removeAll()
            shared.value.pendingBytes = 0
            shared.value.flushes &+= 1
            lock.broadcast()
        }
    }

    /// Software volume for the stream (1 = bit-exact); 0 sends silence.
    public func setGain(_ gain: Double) {
        // A volume from the bus is checked upstream; a NaN here still must not reach the integer conversion.
        let g = gain.isFinite ? Float(max(0, min(gain, 4))) : 1
        lock.withLock { shared.value.gain = g }
    }
}

/// Where a Snapcast output stands, as `linnet output list` shows it.
public enum SnapcastStatus: Sendable, Hashable, CustomStringConvertible {
    /// Nothing sent yet.
    case idle
    case connected
    /// The server is gone; retrying (the reason of the last failure).
    case retrying(String)
    case failed(String)

    public var description: String {
        switch self {
        case .idle: "idle"
        case .connected: "connected"
        case .retrying(let why): "retrying (\(why))"
        case .failed(let why): "failed (\(why))"
        }
    }
}
