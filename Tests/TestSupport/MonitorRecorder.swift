import Foundation

/// Records a source with `parec` (raw s16le, 50 ms latency) and time-stamps every chunk as it arrives,
/// so a recorded frame can be mapped to the monotonic time it was heard (± the capture latency).
public final class MonitorRecorder: @unchecked Sendable {
    // Safe: `state` is guarded by its LockedBox; `process`/`pipe` are set in init and only read afterwards.
    public struct Chunk: Sendable {
        /// Frame index (in the recording) of the end of this chunk.
        public var endFrame: Int
        /// Monotonic time (DispatchTime uptime ns) when it arrived.
        public var arrival: UInt64
    }

    private struct State {
        var data = Data()
        var chunks: [Chunk] = []
        var finished = false
    }

    public let rate: Int
    public let channels: Int
    private let process: Spawned
    private let state = LockedBox(State())
    private let done = DispatchSemaphore(value: 0)

    init(source: String, rate: Int, channels: Int, environment: [String: String]) throws {
        self.rate = rate
        self.channels = channels
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw Command.Failure.notFound("pipe") }
        process = try Spawned(
            "parec",
            [
                "--raw", "--format=s16le", "--rate=\(rate)", "--channels=\(channels)",
                "--latency-msec=50", "-d", source
            ],
            environment: environment, stdoutFD: fds[1])
        close(fds[1])
        let handle = FileHandle(fileDescriptor: fds[0], closeOnDealloc: true)
        let bytesPerFrame = 2 * channels
        Thread.detachNewThread { [state, done] in
            while true {
                let d = handle.availableData
                let now = DispatchTime.now().uptimeNanoseconds
                if d.isEmpty { break }
                state.update { s in
                    s.data.append(d)
                    s.chunks.append(Chunk(endFrame: s.data.count / bytesPerFrame, arrival: now))
                }
            }
            state.update { $0.finished = true }
            done.signal()
        }
    }

    deinit { stopProcess() }

    private func stopProcess() {
        process.kill()
        process.wait(timeout: 5)
    }

    /// Frames recorded so far.
    public var frameCount: Int { state.get().data.count / (2 * channels) }

    /// Waits (with a deadline) until at least `frames` frames were recorded.
    public func waitFor(frames: Int, timeout: Double = 20) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while frameCount < frames {
            if Date() > deadline { return false }
            Thread.sleep(forTimeInterval: 0.01)  // polling an external process with a deadline (tests only)
        }
        return true
    }

    /// Stops recording and returns the interleaved samples.
    public func stop() -> [Int16] {
        stopProcess()
        _ = done.wait(timeout: .now() + 5)
        return samples()
    }

    /// The interleaved samples recorded so far.
    public func samples() -> [Int16] {
        let d = state.get().data
        let count = d.count / 2
        return d.withUnsafeBytes { raw in Array(raw.bindMemory(to: Int16.self).prefix(count)) }
    }

    /// The monotonic time (ns) at which recorded frame `frame` was captured (estimated from chunk arrivals).
    public func time(ofFrame frame: Int) -> UInt64? {
        let chunks = state.get().chunks
        guard let c = chunks.first(where: { $0.endFrame > frame }) else { return nil }
        let framesBeforeEnd = c.endFrame - frame
        return c.arrival - UInt64(framesBeforeEnd) * 1_000_000_000 / UInt64(rate)
    }
}
