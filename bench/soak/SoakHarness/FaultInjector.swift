import Foundation
import TestSupport

/// Injects one random fault every few seconds: moves linnetd's stream to another sink, unplugs the sink it
/// plays on (unload, reload later), plays a phone-role stream, kills the sound server and starts it again on
/// the same socket, or deletes / truncates / replaces the file being played (restored a few seconds later).
final class FaultInjector: @unchecked Sendable {
    // Safe: everything mutable (`random`, `unplugged`, `brokenFiles`, `phoneCalls`) is only used by the
    // injector's own thread (`run`, then `repair` after that thread ended).
    private let world: SoakWorld
    private let view: SharedView
    private let stats: SoakStats
    private var random: SeededRandom
    private let pause: ClosedRange<Double>
    private let schedule: ChaosSchedule
    /// Sinks unloaded and when to load them again.
    private var unplugged: [(sink: PrivateSoundServer.Sink, until: Double)] = []
    /// Queue files broken and when to restore them.
    private var brokenFiles: [(index: Int, until: Double)] = []
    private var phoneCalls: [Spawned] = []

    init(configuration: SoakConfiguration, world: SoakWorld, view: SharedView, stats: SoakStats) {
        self.world = world
        self.view = view
        self.stats = stats
        random = SeededRandom(seed: configuration.seed, stream: 7)
        pause = configuration.faultPause
        schedule = ChaosSchedule(seed: configuration.seed, seconds: configuration.seconds)
    }

    func run(until stopper: Stopper, daemonPID: Int32) {
        let origin = soakNow()
        var nextFault = soakNow() + Double.random(in: pause, using: &random)
        while !stopper.isStopped {
            repairDue(now: soakNow())
            if soakNow() >= nextFault && !schedule.isLull(at: soakNow() - origin) {
                inject(daemonPID: daemonPID)
                nextFault = soakNow() + Double.random(in: pause, using: &random)
            }
            stopper.sleep(0.1)  // the injector's pace
        }
    }

    /// Undoes every fault still in force (end of the run): sinks back, files restored, calls ended.
    func repair() {
        repairDue(now: .infinity)
        for call in phoneCalls { call.kill(signal: SIGKILL); call.wait(timeout: 5) }
        phoneCalls = []
        _ = try? world.sound.pactl("set-default-sink", SoakWorld.sinks[0].name)
    }

    private func inject(daemonPID: Int32) {
        let kind = random.weighted([
            ("move-stream", 3), ("unplug-sink", 2), ("phone-call", 2), ("kill-server", 1),
            ("delete-file", 1), ("truncate-file", 1), ("replace-file", 1)
        ])
        var detail = ""
        switch kind {
        case "move-stream":
            guard let input = world.sinkInputs(pid: daemonPID)?.first else { return }
            let present = Set(world.sinkNames().values)
            let targets = SoakWorld.sinks.map(\.name).filter { $0 != input.sink && present.contains($0) }
            guard let target = targets.randomElement(using: &random),
                (try? world.sound.pactl("move-sink-input", String(input.index), target)) != nil
            else { return }
            detail = "sink input #\(input.index) \(input.sink) → \(target)"
        case "unplug-sink":
            // The sink linnetd plays on, else a random one; never all of them at once.
            let playing = world.sinkInputs(pid: daemonPID)?.first?.sink
            let candidates = SoakWorld.sinks.filter { s in !unplugged.contains { $0.sink.name == s.name } }
            guard candidates.count > 1,
                let sink = candidates.first(where: { $0.name == playing }) ?? candidates.randomElement(using: &random),
                let module = world.moduleIndex(ofSink: sink.name),
                (try? world.sound.unloadModule(module)) != nil
            else { return }
            unplugged.append((sink, soakNow() + Double.random(in: 0.5...4, using: &random)))
            detail = "\(sink.name) (linnetd plays on \(playing ?? "nothing"))"
        case "phone-call":
            let sink = (world.sinkInputs(pid: daemonPID)?.first?.sink).map { [$0] } ?? []
            let args = ["--property=media.role=phone"] + (sink.isEmpty ? [] : ["-d"] + sink) + [world.callTone]
            guard let call = try? Spawned("paplay", args, environment: world.sound.clientEnvironment) else { return }
            phoneCalls.append(call)
            detail = "on \(sink.first ?? "the default sink")"
        case "kill-server":
            world.sound.crash()
            // Down for a moment, as when a server crashes and systemd restarts it.
            Thread.sleep(forTimeInterval: Double.random(in: 0...0.5, using: &random))
            guard (try? world.sound.restart()) != nil else {
                stats.violation("harness", "the sound server did not restart")
                return
            }
            unplugged = []  // a fresh server loads every sink from its configuration
        default:
            guard let index = playingFileIndex() ?? world.queue.indices.randomElement(using: &random),
                !brokenFiles.contains(where: { $0.index == index })
            else { return }
            let path = world.queue[index]
            detail = URL(fileURLWithPath: path).lastPathComponent + (index == playingFileIndex() ? " (playing)" : "")
            switch kind {
            case "delete-file": try? FileManager.default.removeItem(atPath: path)
            case "truncate-file":
                let size = ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
                truncate(path, off_t(Int.random(in: 0...max(0, size), using: &random)))
            default:
                // Another file's bytes under this name (a different codec behind the same extension), or noise.
                let other = world.originals[(index + 1) % world.originals.count]
                try? FileManager.default.removeItem(atPath: path)
                if random.chance(0.5) {
                    try? FileManager.default.copyItem(atPath: other, toPath: path)
                } else {
                    try? TestMedia.randomFile(
                        path, count: Int.random(in: 0...200_000, using: &random), seed: random.next())
                }
            }
            brokenFiles.append((index, soakNow() + Double.random(in: 2...6, using: &random)))
        }
        stats.fault(kind, detail)
    }

    /// The queue file being played, from Metadata's xesam:url.
    private func playingFileIndex() -> Int? {
        guard let url = view.currentURL, url.hasPrefix("file://") else { return nil }
        let path = String(url.dropFirst("file://".count)).removingPercentEncoding ?? ""
        return world.queue.firstIndex(of: path)
    }

    private func repairDue(now: Double) {
        for (sink, until) in unplugged where until <= now {
            _ = try? world.sound.loadModule("module-null-sink", sink.moduleArguments)
        }
        unplugged.removeAll { $0.until <= now }
        for (index, until) in brokenFiles where until <= now {
            let path = world.queue[index], tmp = path + ".restore"
            try? FileManager.default.removeItem(atPath: tmp)
            // Atomic replace, so linnetd never sees a half-copied file.
            if (try? FileManager.default.copyItem(atPath: world.originals[index], toPath: tmp)) != nil {
                rename(tmp, path)
            }
        }
        brokenFiles.removeAll { $0.until <= now }
        phoneCalls.removeAll { !$0.isRunning }
    }
}
