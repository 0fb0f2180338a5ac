import DBus
import Foundation

/// One chaos soak: sets up the world, runs the clients, the fault injector and the observer for the configured
/// time, checks that Play still plays, and returns the counts.
public enum SoakRun {
    /// Runs the soak; throws only when the world could not be set up.
    public static func run(_ configuration: SoakConfiguration) throws -> SoakReport {
        let started = soakNow()
        let verbose = configuration.verbose
        let printer: (@Sendable (String, String) -> Void)? = { kind, text in
            FileHandle.standardError.write(Data("soak: \(kind): \(text)\n".utf8))
        }
        let stats = SoakStats(origin: started, onEvent: verbose ? printer : nil)
        let world = try SoakWorld()
        let setupClient = try DBusConnection(bus: .address(world.bus.address))
        defer { setupClient.close() }
        try world.launch(linnetd: configuration.linnetd, client: setupClient)
        guard let daemon = world.daemon else { throw SoakWorld.Failure(description: "no daemon") }
        let view = SharedView()
        let observer = try Observer(world: world, view: view, stats: stats, pid: daemon.pid)
        let rssStart = Observer.rssKilobytes(pid: daemon.pid)
        _ = try? setupClient.call(
            destination: SoakWorld.busName, path: SoakWorld.objectPath,
            interface: SoakWorld.player, method: "Play", timeout: .seconds(5))

        let chaosStop = Stopper(), watchStop = Stopper()
        let clients = try (0..<configuration.clients).map {
            try ChaosClient(index: $0, configuration: configuration, world: world, view: view, stats: stats)
        }
        let faults = FaultInjector(configuration: configuration, world: world, view: view, stats: stats)
        let group = DispatchGroup()
        let watchers = DispatchGroup()
        startThread("soak.position", watchers) { observer.runPositionThread(until: watchStop) }
        startThread("soak.cork", watchers) { observer.runCorkThread(until: watchStop) }
        for (i, c) in clients.enumerated() { startThread("soak.client\(i)", group) { c.run(until: chaosStop) } }
        let daemonPID = daemon.pid
        startThread("soak.faults", group) { faults.run(until: chaosStop, daemonPID: daemonPID) }

        // The chaos lasts `seconds`, or until linnetd dies (the position thread then stops the watchers).
        let end = soakNow() + configuration.seconds
        while soakNow() < end && observer.crashed.get() == nil {
            watchStop.sleep(min(0.5, max(0, end - soakNow())))
        }
        chaosStop.stop()
        group.wait()
        faults.repair()

        if observer.checkAlive() {
            // Let the last faults' consequences settle (route changes, reconnects), then ask for music.
            Thread.sleep(forTimeInterval: 1.5)
            observer.finalCheck(goodFile: world.originals[0])
        }
        watchStop.stop()
        watchers.wait()
        _ = observer.checkAlive()
        if let keep = configuration.keepLog {
            try? FileManager.default.removeItem(atPath: keep)
            try? FileManager.default.copyItem(atPath: world.logPath, toPath: keep)
        }
        let snapshot = stats.snapshot
        let seconds = soakNow() - started
        if let v = InvariantRules.rssTrend(snapshot.rss, runSeconds: configuration.seconds).violation {
            stats.violation("rss-trend", v)
        }
        if configuration.judgesLatency,
            let v = InvariantRules.latency(p99Milliseconds: snapshot.latencyMilliseconds(0.99)).violation
        {
            stats.violation("latency-p99", v)
        }
        return SoakReport(
            seed: configuration.seed, chaosSeconds: configuration.seconds, totalSeconds: seconds,
            stats: stats.snapshot, rssStart: rssStart, rssEnd: snapshot.rss.last?.kilobytes,
            linnetdLog: world.logTail(40), stacks: observer.stacks.get())
    }
}

/// Runs `body` on a new thread of its own, inside `group`.
private func startThread(_ name: String, _ group: DispatchGroup, _ body: @escaping @Sendable () -> Void) {
    group.enter()
    let t = Thread {
        body(); group.leave()
    }
    t.name = name
    t.start()
}

extension Verdict {
    /// The violation text, if this verdict is one.
    public var violation: String? {
        if case .violated(let text) = self { return text }
        return nil
    }
}
