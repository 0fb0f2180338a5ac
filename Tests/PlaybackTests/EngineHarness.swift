import Dispatch
import Foundation
import PlayerCore
import PulseOutput
import TestSupport

/// Every event the engine sent, time-stamped; tests wait on it with deadlines (no sleeps).
final class EventLog: @unchecked Sendable {
    // Safe: `entries` is guarded by `condition`.
    private let condition = NSCondition()
    private var entries: [(time: UInt64, event: PlaybackEvent)] = []
    /// Answers for `.needsNext`, consumed in order; when empty the answer is nil (end of queue).
    let upcoming = LockedBox<[PlaybackItem]>([])
    let engine = LockedBox<PlaybackEngine?>(nil)

    func record(_ event: PlaybackEvent) {
        condition.lock()
        entries.append((DispatchTime.now().uptimeNanoseconds, event))
        condition.broadcast()
        condition.unlock()
        if case .needsNext = event {
            let next = upcoming.update { $0.isEmpty ? nil : $0.removeFirst() }
            engine.get()?.setNext(next)
        }
    }

    var all: [(time: UInt64, event: PlaybackEvent)] {
        condition.lock()
        defer { condition.unlock() }
        return entries
    }

    /// Waits until an event after index `from` matches; returns it with its time.
    @discardableResult
    func wait(
        timeout: Double = 10, from: Int = 0,
        _ match: (PlaybackEvent) -> Bool
    ) -> (time: UInt64, event: PlaybackEvent)? {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let hit = entries.dropFirst(from).first(where: { match($0.event) }) { return hit }
            if !condition.wait(until: deadline) { return nil }
        }
    }

    var count: Int {
        condition.lock()
        defer { condition.unlock() }
        return entries.count
    }
}

/// A private server with one recorded null sink, a PulseAudioOutput on it, and an engine.
final class EngineHarness: @unchecked Sendable {
    // Safe: immutable after init.
    let server: PrivateSoundServer
    let output: PulseAudioOutput
    let engine: PlaybackEngine
    let log = EventLog()
    let sinkName: String

    init(
        sink: PrivateSoundServer.Sink = .init(name: "linnet_test"),
        open: @escaping PlaybackEngine.OpenDecoder = openTestItem, makeStretcher: MakeTimeStretcher? = nil
    ) throws {
        sinkName = sink.name
        server = try PrivateSoundServer(sinks: [sink])
        output = try PulseAudioOutput(configuration: PulseOutputConfiguration(server: server.address))
        let log = self.log
        engine = PlaybackEngine(
            output: output, openDecoder: open, makeStretcher: makeStretcher,
            eventQueue: DispatchQueue(label: "test.owner")
        ) { log.record($0) }
        log.engine.set(engine)
    }

    deinit {
        engine.stop()
        log.engine.set(nil)
    }

    func recorder() throws -> MonitorRecorder {
        let r = try server.recordMonitor(of: sinkName)
        // Let parec connect and start delivering before the test plays anything.
        _ = r.waitFor(frames: 2205)
        return r
    }
}

func isTrackStarted(_ id: String) -> (PlaybackEvent) -> Bool {
    { if case .trackStarted(let item, _) = $0 { return item.id == .name(id) } else { return false } }
}

func isEndOfQueue(_ e: PlaybackEvent) -> Bool {
    if case .endOfQueue = e { return true } else { return false }
}

/// Counter values found in a recording (one per frame; nil where the frame is not counter audio).
func counterValues(_ samples: [Int16]) -> [Int64?] {
    stride(from: 0, to: samples.count - 1, by: 2).map {
        CounterDecoder.value(left: samples[$0], right: samples[$0 + 1])
    }
}

/// Breaks in a counter recording: where the next value is not previous + 1 (ignoring silence at the edges).
func counterRuns(_ values: [Int64?]) -> [(firstFrame: Int, startValue: Int64, length: Int)] {
    var runs: [(Int, Int64, Int)] = []
    var i = 0
    while i < values.count {
        guard let v = values[i] else { i += 1; continue }
        var j = i + 1
        while j < values.count, let w = values[j], w == v + Int64(j - i) { j += 1 }
        runs.append((i, v, j - i))
        i = j
    }
    return runs
}
