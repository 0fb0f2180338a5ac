import Foundation

/// What one soak run does: how long, from which seed, against which linnetd.
public struct SoakConfiguration: Sendable {
    /// Seconds of chaos (the setup and the final check come on top).
    public var seconds: Double
    public var seed: UInt64
    /// The linnetd binary to start.
    public var linnetd: String
    /// Concurrent MPRIS clients (issue 9: 4).
    public var clients: Int = 4
    /// Pause between one client's calls, drawn uniformly from this range (seconds).
    public var callPause: ClosedRange<Double> = 0.01...0.08
    /// Pause between faults, drawn uniformly from this range (seconds).
    public var faultPause: ClosedRange<Double> = 1.0...3.5
    /// Copy linnetd's whole log here at the end (nil: only its tail goes into the report).
    public var keepLog: String?
    /// Print progress lines (violations as they happen) to stderr.
    public var verbose: Bool = false
    /// Whether a reply-latency p99 over 50 ms counts as a violation. A speed figure: `bench/run soak` judges it on
    /// a quiet machine; the test suite, whose other tests share the two cores, only reports it.
    public var judgesLatency: Bool = true

    public init(seconds: Double, seed: UInt64, linnetd: String) {
        self.seconds = seconds
        self.seed = seed
        self.linnetd = linnetd
    }
}

/// The harness's monotonic clock, in seconds since an arbitrary origin.
public func soakNow() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}
