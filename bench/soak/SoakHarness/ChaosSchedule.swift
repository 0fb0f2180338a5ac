/// Storms and lulls: the chaos alternates between storms (every kind of call and fault) and short lulls (reads
/// only, no faults), so the invariants also get judged in windows where nothing resets them. The lengths come
/// from the seed.
struct ChaosSchedule: Sendable {
    /// Start and end (seconds since the chaos began) of each lull.
    let lulls: [ClosedRange<Double>]

    init(seed: UInt64, seconds: Double, storm: ClosedRange<Double> = 2...5, lull: ClosedRange<Double> = 1...2.5) {
        var r = SeededRandom(seed: seed, stream: 3)
        var t = Double.random(in: storm, using: &r), lulls: [ClosedRange<Double>] = []
        while t < seconds {
            let end = t + Double.random(in: lull, using: &r)
            lulls.append(t...end)
            t = end + Double.random(in: storm, using: &r)
        }
        self.lulls = lulls
    }

    /// Whether `elapsed` seconds into the chaos fall in a lull.
    func isLull(at elapsed: Double) -> Bool { lulls.contains { $0.contains(elapsed) } }
}
