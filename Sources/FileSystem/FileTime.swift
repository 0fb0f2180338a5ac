import Glibc

/// A file time (seconds and nanoseconds since 1970, UTC), as stat reports modification times.
public struct FileTime: Hashable, Comparable, Sendable {
    public var seconds: Int64
    public var nanoseconds: Int64

    public init(seconds: Int64, nanoseconds: Int64) { (self.seconds, self.nanoseconds) = (seconds, nanoseconds) }

    init(_ time: timespec) {
        self.init(seconds: Int64(clamping: time.tv_sec), nanoseconds: Int64(clamping: time.tv_nsec))
    }

    /// The wall clock now (CLOCK_REALTIME), to compare with modification times.
    public static func now() -> FileTime {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return FileTime(time)
    }

    /// One number for the time; the seconds alone when nanoseconds would overflow (a corrupt or far-off time is
    /// still a stable number, never a trap).
    public var nanosecondsSinceEpoch: Int64 {
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        return overflow ? seconds : scaled &+ nanoseconds
    }

    public static func < (a: FileTime, b: FileTime) -> Bool { (a.seconds, a.nanoseconds) < (b.seconds, b.nanoseconds) }
}
