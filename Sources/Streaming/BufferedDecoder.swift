import Threading
import Glibc
import PlayerCore

/// Decodes a network stream ahead on its own thread into a bounded PCM buffer, so the engine's `read` (on the
/// output thread, under the output lock) never waits for the network. Implements `StreamingDecoder`: an empty
/// buffer is "waiting", not the end. Seeks are handed to the decode thread and return at once.
///
/// Sound starts once `startSeconds` are decoded (or the stream ended); after running dry it restarts at twice
/// that, so a slow network plays in bursts rather than stuttering frame by frame.
public final class BufferedDecoder: StreamingDecoder {
    public let format: AudioFormat
    public let totalFrames: Int64?
    public let isSeekable: Bool
    public let tags: TrackTags
    private let shared: PrefetchShared

    /// Takes `inner` (opened over `source`) and starts decoding ahead. `interrupt` stops a blocked network read
    /// when the decoder is dropped; `status` hears buffer changes (on the decode thread).
    /// `knownLength` (frames) stands in when the inner decoder cannot know it (a finished HLS playlist).
    public init(
        inner: any Decoder, settings: StreamSettings, bufferedBytes: @escaping @Sendable () -> Int,
        interrupt: @escaping @Sendable () -> Void, status: (@Sendable (BufferStatus) -> Void)?,
        knownLength: Int64? = nil
    ) {
        format = inner.format
        totalFrames = inner.totalFrames ?? knownLength
        isSeekable = inner.isSeekable
        tags = inner.tags
        shared = PrefetchShared(
            format: inner.format, settings: settings, bufferedBytes: bufferedBytes,
            interrupt: interrupt, status: status)
        PrefetchThread.start(PrefetchThread(inner: inner, shared: shared))
    }

    deinit { shared.close() }

    public var isWaitingForData: Bool { shared.lock.withLock { shared.waiting } }

    public func setDataAvailableHandler(_ wake: @escaping @Sendable () -> Void) {
        shared.lock.withLock { shared.wake = wake }
    }

    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(DecodeError) -> Int {
        try shared.take(into: buffer)
    }

    public func seek(toFrame frame: Int64) throws(DecodeError) {
        guard isSeekable else {
            throw DecodeError(.notSeekable, path: "stream", message: "this stream cannot seek")
        }
        shared.requestSeek(frame)
    }
}

/// The state the engine's thread and the decode thread share; every `var` is guarded by `lock`.
///
/// `@unchecked Sendable`: all mutable state is only touched with `lock` held.
final class PrefetchShared: @unchecked Sendable {
    let lock = ConditionLock()
    let format: AudioFormat
    let capacity: Int
    let startBytes: Int
    let settings: StreamSettings
    let bufferedBytes: @Sendable () -> Int
    let interrupt: @Sendable () -> Void
    let status: (@Sendable (BufferStatus) -> Void)?

    // --- guarded by lock ---
    var pcm: [UInt8] = []
    var readIndex = 0
    var ended = false
    var error: DecodeError?
    var closed = false
    /// Nothing is handed out until `threshold` bytes are decoded (the start, and after running dry).
    var waiting = true
    var threshold: Int
    var seekTarget: Int64?
    /// Bumped by every seek so a chunk decoded before it is dropped.
    var epoch: UInt64 = 0
    var wake: (@Sendable () -> Void)?
    /// The last status handed to `status` (the decode thread reports only changes).
    var lastReported: BufferStatus?

    init(
        format: AudioFormat, settings: StreamSettings, bufferedBytes: @escaping @Sendable () -> Int,
        interrupt: @escaping @Sendable () -> Void, status: (@Sendable (BufferStatus) -> Void)?
    ) {
        self.format = format
        self.settings = settings
        let bytesPerSecond = Double(format.sampleRate * format.bytesPerFrame)
        capacity = max(format.bytesPerFrame * 4096, Int(bytesPerSecond * settings.decodedAheadSeconds))
        startBytes = min(capacity / 2, max(format.bytesPerFrame, Int(bytesPerSecond * settings.startSeconds)))
        threshold = startBytes
        self.bufferedBytes = bufferedBytes
        self.interrupt = interrupt
        self.status = status
    }

    var unread: Int { pcm.count - readIndex }

    func close() {
        lock.withLock {
            closed = true
            lock.broadcast()
        }
        interrupt()
    }

    /// The engine's read (output thread): never blocks beyond the short lock.
    func take(into buffer: UnsafeMutableRawBufferPointer) throws(DecodeError) -> Int {
        var report: BufferStatus?
        let usable = buffer.count - buffer.count % format.bytesPerFrame
        let n = try lock.withLock { () throws(DecodeError) -> Int in
            if waiting && !ended && error == nil { return 0 }
            let n = min(unread, usable)
            if n > 0 {
                pcm.withUnsafeBytes { buffer.baseAddress!.copyMemory(from: $0.baseAddress! + readIndex, byteCount: n) }
                readIndex += n
                if readIndex >= capacity / 2 {
                    pcm.removeFirst(readIndex)
                    readIndex = 0
                }
                waiting = false
                lock.broadcast()
                return n
            }
            if let error { throw error }
            if ended { waiting = false; return 0 }
            // Ran dry: wait for a fuller buffer before sound resumes.
            waiting = true
            threshold = min(capacity, startBytes * 2)
            report = statusLocked()
            return 0
        }
        if let report { status?(report) }
        return n
    }

    func requestSeek(_ frame: Int64) {
        lock.withLock {
            seekTarget = frame
            epoch &+= 1
            pcm = []
            readIndex = 0
            ended = false
            error = nil
            waiting = true
            threshold = startBytes
            lock.broadcast()
        }
    }

    /// The status now (lock held).
    func statusLocked() -> BufferStatus {
        let bytesPerSecond = Double(format.sampleRate * format.bytesPerFrame)
        let network = bufferedBytes()
        let decodedSeconds = Double(unread) / bytesPerSecond
        let fraction = min(1, Double(network) / Double(max(1, settings.bufferBytes)))
        // Undecoded bytes: assume ~16 KB/s (128 kbit/s) when nothing better is known.
        return BufferStatus(
            isBuffering: waiting && !ended && error == nil, fraction: fraction,
            seconds: decodedSeconds + Double(network) / 16_000)
    }
}
