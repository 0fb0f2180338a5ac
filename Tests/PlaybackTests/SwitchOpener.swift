import Dispatch
import PlayerCore
import TestSupport

/// A live radio as a decoder: every sample is `level`, it never ends; tells `onRelease` when it is freed
/// (the engine let go of it, which for a real stream closes the connection).
final class RadioDecoder: StreamingDecoder {
    let format = AudioFormat(sampleRate: 44100, channels: 2, sampleFormat: .int16)
    let totalFrames: Int64? = nil
    let isSeekable = false
    let tags = TrackTags()
    let level: Int16
    private let onRelease: @Sendable () -> Void

    init(level: Int16, onRelease: @escaping @Sendable () -> Void) {
        self.level = level
        self.onRelease = onRelease
    }

    deinit { onRelease() }

    var isWaitingForData: Bool { false }
    func setDataAvailableHandler(_ wake: @escaping @Sendable () -> Void) {}

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(DecodeError) -> Int {
        let samples = buffer.bindMemory(to: Int16.self)
        let n = samples.count - samples.count % 2
        for i in 0..<n { samples[i] = level }
        return n * 2
    }

    func seek(toFrame frame: Int64) throws(DecodeError) {
        throw DecodeError(.notSeekable, path: "radio", message: "live")
    }
}

/// The engine's cancellable `openDecoder` for switch tests, recording what happened to each load:
/// - "radio:LEVEL" opens a `RadioDecoder` at once;
/// - "hang" blocks like a server that never answers, until its load is cancelled (or 20 s pass), then fails;
/// - "gate" blocks until `openGate()` (or a cancel), then opens a radio at level 2000;
/// - anything else goes to `openTestItem`.
final class SwitchOpener: @unchecked Sendable {
    // Safe: the boxes are locked; `gate` is a semaphore.
    let opened = LockedBox<[String]>([])
    let released = LockedBox<Set<String>>([])
    /// Hanging or gated opens that a cancel woke, by item id.
    let cancelled = LockedBox<[String]>([])
    private let gate = DispatchSemaphore(value: 0)
    /// Signalled on every change of the boxes above, so tests wait on events rather than time.
    private let changed = DispatchSemaphore(value: 0)

    func openGate() { gate.signal() }

    /// Waits until `condition` holds, re-checking on every change; false after `timeout` seconds.
    func wait(timeout: Double = 5, until condition: () -> Bool) -> Bool {
        let deadline = DispatchTime.now() + timeout
        while !condition() {
            if changed.wait(timeout: deadline) == .timedOut { return condition() }
        }
        return true
    }

    private func note<T>(_ box: LockedBox<T>, _ change: (inout T) -> Void) {
        box.update(change)
        changed.signal()
    }

    private func radio(_ id: String, level: Int16) -> RadioDecoder {
        RadioDecoder(level: level) { [self] in note(released) { _ = $0.insert(id) } }
    }

    func open(_ item: PlaybackItem, _ cancellation: LoadCancellation) throws(DecodeError) -> any Decoder {
        let id = item.id.description
        note(opened) { $0.append(id) }
        if item.location.hasPrefix("radio:") {
            return radio(id, level: Int16(item.location.dropFirst(6)) ?? 1000)
        }
        if item.location == "hang" || item.location == "gate" {
            // A gate waits for `openGate()`; a cancel wakes either kind.
            let waitFor = item.location == "gate" ? gate : DispatchSemaphore(value: 0)
            let registration = cancellation.onCancel { waitFor.signal() }
            let opened = waitFor.wait(timeout: .now() + 20) == .success
            cancellation.remove(registration)
            if cancellation.isCancelled {
                note(cancelled) { $0.append(id) }
                throw DecodeError(.io, path: item.location, message: "connection closed (cancelled)")
            }
            if item.location == "gate" && opened { return radio(id, level: 2000) }
            throw DecodeError(.io, path: item.location, message: "no answer within 20 s")
        }
        return try openTestItem(item)
    }
}
