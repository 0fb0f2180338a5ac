import Foundation
import PlayerCore

/// An `AudioOutput` without a sound server, for engine tests that need no sound: nothing is pulled by itself;
/// the test pulls with `pull(bytes:)` as a server's write request would, and what is written counts as heard.
final class FakeOutput: AudioOutput, @unchecked Sendable {
    // Safe: every stored var is touched only with `lock` held (inside `withLock`, or in `pull`, which takes it).
    private let lock = NSLock()
    private let pumped = DispatchSemaphore(value: 0)
    private weak var client: (any AudioOutputClient)?
    private(set) var format: AudioFormat?
    private(set) var corked = false
    private var written: Int64 = 0
    private var mark: Int64?
    private var drainCompletion: (() -> Void)?
    /// How often the engine flushed and opened (read under the lock).
    private(set) var flushes = 0
    private(set) var opens = 0
    var underrunCount: Int { 0 }

    func setClient(_ client: any AudioOutputClient) { self.client = client }

    func withLock<R, E: Error>(_ body: () throws(E) -> R) throws(E) -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    func open(format: AudioFormat, properties: StreamProperties, corked: Bool) throws(AudioOutputError) {
        self.format = format
        self.corked = corked
        written = 0
        opens += 1
    }

    func close() {
        format = nil
        written = 0
        mark = nil
        drainCompletion = nil
    }

    func setCorked(_ corked: Bool) { self.corked = corked }

    func flush() {
        written = 0
        flushes += 1
    }

    /// The engine asks for a pull when it has something new to render (a track installed, data arrived).
    func pump() { pumped.signal() }

    /// Waits until `condition` holds, re-checking after every pump; false when `timeout` seconds pass first.
    func waitForPumps(timeout: Double = 5, until condition: () -> Bool) -> Bool {
        let deadline = DispatchTime.now() + timeout
        while !condition() {
            if pumped.wait(timeout: deadline) == .timedOut { return condition() }
        }
        return true
    }

    /// Pulls until `heard` accepts what was rendered, waiting for the engine's pumps in between (an event, not
    /// a sleep); false when `timeout` seconds pass first.
    func pull(timeout: Double = 5, until heard: ([Int16]) -> Bool) -> Bool {
        let deadline = DispatchTime.now() + timeout
        while true {
            let bytes = pull()
            let samples = bytes.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
            if !samples.isEmpty && heard(samples) { return true }
            if pumped.wait(timeout: deadline) == .timedOut { return false }
        }
    }

    func drain(_ completion: @escaping () -> Void) { drainCompletion = completion }

    func heardFrame() -> Int64? { format == nil ? nil : written }

    func notify(whenHeard frame: Int64?) { mark = frame }

    func updateProperties(_ properties: StreamProperties) {}
    func setVolume(_ volume: Double) {}
    func setBalance(_ balance: Double) {}
    func setMuted(_ muted: Bool) {}

    /// Asks the engine for up to `bytes` bytes, as the server would while the stream is open and running (none
    /// while corked or closed); what it renders is heard at once. Returns the bytes rendered.
    func pull(bytes: Int = 4096) -> [UInt8] {
        withLock {
            guard let format, !corked, let client else { return [] }
            var out = [UInt8](repeating: 0, count: bytes - bytes % format.bytesPerFrame)
            let n = out.withUnsafeMutableBytes { client.render(into: $0) }
            out.removeLast(out.count - n)
            written += Int64(n / format.bytesPerFrame)
            if let m = mark, m <= written {
                mark = nil
                client.outputReachedMark()
            }
            if n == 0, let completion = drainCompletion {
                drainCompletion = nil
                completion()
            }
            return out
        }
    }

    /// `body` with the lock held, to read the counters.
    func inspect<R>(_ body: (FakeOutput) -> R) -> R { withLock { body(self) } }
}
