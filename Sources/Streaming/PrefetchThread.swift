import Threading
import Glibc
import PlayerCore

/// The decode-ahead loop of a `BufferedDecoder`: owns the inner decoder (and through it the network source),
/// decodes while there is room, performs requested seeks, and wakes the engine when sound can (re)start.
///
/// `@unchecked Sendable`: `inner` is touched only by this thread once started; `shared` is lock-guarded.
final class PrefetchThread: @unchecked Sendable {
    private let inner: any Decoder
    private let shared: PrefetchShared
    private let chunkBytes: Int

    init(inner: any Decoder, shared: PrefetchShared) {
        self.inner = inner
        self.shared = shared
        chunkBytes = max(shared.format.bytesPerFrame, 16384 - 16384 % shared.format.bytesPerFrame)
    }

    static func start(_ thread: PrefetchThread) {
        guard startDetachedThread({ thread.run() }) else {
            thread.shared.lock.withLock {
                thread.shared.error = DecodeError(.io, path: "stream", message: "cannot start a decode thread")
            }
            return
        }
    }

    private func run() {
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkBytes, alignment: 16)
        defer { chunk.deallocate() }
        var lastStatus = 0.0
        while true {
            // Wait for room, a seek, or the end of the stream's life.
            let step: (seek: Int64?, epoch: UInt64)? = shared.lock.withLock {
                while !shared.closed && shared.seekTarget == nil
                    && (shared.unread >= shared.capacity || shared.ended || shared.error != nil)
                {
                    shared.lock.wait(until: monotonicSeconds() + 3600)
                }
                if shared.closed { return nil }
                defer { shared.seekTarget = nil }
                return (shared.seekTarget, shared.epoch)
            }
            guard let step else { return }
            var result: Result<Int, DecodeError>
            if let target = step.seek {
                do throws(DecodeError) {
                    try inner.seek(toFrame: target)
                    result = .success(-1)
                } catch { result = .failure(error) }
            } else {
                result = Result { () throws(DecodeError) in try inner.read(into: chunk) }
            }
            var wake: (@Sendable () -> Void)?
            var report: BufferStatus?
            shared.lock.withLock {
                guard step.epoch == shared.epoch, !shared.closed else { return }  // a seek came in meanwhile
                switch result {
                case .success(let n) where n > 0:
                    shared.pcm.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk[0..<n]))
                case .success(0):
                    shared.ended = true
                case .success:
                    break  // a seek done
                case .failure(let e):
                    shared.error = e
                }
                if shared.waiting && (shared.unread >= shared.threshold || shared.ended || shared.error != nil) {
                    // Enough to start (or nothing more will come): the engine may render again.
                    shared.waiting = false
                    wake = shared.wake
                    report = shared.statusLocked()
                } else {
                    let now = monotonicSeconds()
                    if now - lastStatus >= 0.5 {
                        lastStatus = now
                        report = shared.statusLocked()
                    }
                }
            }
            if let report, report != shared.lock.withLock({ shared.lastReported }) {
                shared.lock.withLock { shared.lastReported = report }
                shared.status?(report)
            }
            wake?()
        }
    }
}
