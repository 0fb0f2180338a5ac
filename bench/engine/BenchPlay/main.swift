// linnet-bench-play: plays one file through PlaybackEngine + PulseAudioOutput for the engine benchmark.
//   linnet-bench-play play FILE SECONDS   play for SECONDS (or to the end), print first-audio latency
//   linnet-bench-play seek FILE COUNT     play, then COUNT seeks; print each seek's latency until heard
// Connects with the normal client rules (PULSE_SERVER). Output: `key value` lines for bench/engine/run.
// LINNET_RATE=1.5 plays at that rate through the time stretcher (bench/rate/run).
import Decoding
import Dispatch
import Foundation
import PlayerCore
import PulseOutput
import Stretching

let args = CommandLine.arguments
guard args.count == 4, let number = Double(args[3]) else {
    FileHandle.standardError.write(Data("usage: linnet-bench-play play|seek FILE SECONDS|COUNT\n".utf8))
    exit(64)
}
let mode = args[1], file = args[2]

@Sendable func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

/// Signals a semaphore on the events the bench waits for.
final class Waiter: @unchecked Sendable {
    // Safe: the semaphores are thread-safe; `startedAt` is written once on the event queue before signalling.
    let started = DispatchSemaphore(value: 0)
    let ended = DispatchSemaphore(value: 0)
    var startedAt: UInt64 = 0
}
let waiter = Waiter()
let output: PulseAudioOutput
do {
    output = try PulseAudioOutput()
} catch {
    FileHandle.standardError.write(Data("no output: \(error)\n".utf8))
    exit(1)
}
let engine = PlaybackEngine(
    output: output,
    openDecoder: { item throws(DecodeError) in
        try DecoderRegistry.open(location: item.location)
    }, makeStretcher: RubberBandTimeStretcher.make, eventQueue: DispatchQueue(label: "bench.events")
) { event in
    switch event {
    case .trackStarted:
        waiter.startedAt = now()
        waiter.started.signal()
    case .needsNext:
        break
    case .endOfQueue:
        waiter.ended.signal()
    case .error(_, let e):
        FileHandle.standardError.write(Data("error: \(e)\n".utf8))
        waiter.ended.signal()
    default:
        break
    }
}

if let rate = ProcessInfo.processInfo.environment["LINNET_RATE"].flatMap(Double.init) { engine.setRate(rate) }
let t0 = now()
engine.play(PlaybackItem(id: "bench", location: file))
engine.setNext(nil)
guard waiter.started.wait(timeout: .now() + 10) == .success else { print("first_audio_ms timeout"); exit(2) }
print(String(format: "first_audio_ms %.2f", Double(waiter.startedAt - t0) / 1e6))

switch mode {
case "play":
    _ = waiter.ended.wait(timeout: .now() + number)
case "seek":
    var rng = SystemRandomNumberGenerator()
    for _ in 0..<Int(number) {
        _ = waiter.ended.wait(timeout: .now() + 0.5)  // let it play a little between seeks
        let target = Int64.random(in: 5_000_000...50_000_000, using: &rng)
        let s = now()
        engine.seek(toMicroseconds: target)
        // The position is held at the target until the server reports the new audio heard; then it moves.
        while engine.position == target && now() - s < 2_000_000_000 { usleep(200) }
        print(String(format: "seek_ms %.2f", Double(now() - s) / 1e6))
        if ProcessInfo.processInfo.environment["BENCH_DEBUG"] != nil {
            for _ in 0..<20 { usleep(5000); print("  +\((now() - s) / 1_000_000) ms pos \(engine.position - target)") }
        }
    }
default:
    exit(64)
}
print("underruns \(engine.underrunCount)")
engine.stop()
exit(0)
