/// How much of a network stream is buffered, as the Linnet interface shows it.
public struct BufferStatus: Sendable, Hashable {
    /// True while nothing can be heard for lack of data (connecting, the first buffer, or after running dry).
    public var isBuffering: Bool
    /// How full the buffers are, 0…1 (network bytes against their cap).
    public var fraction: Double
    /// Audio buffered ahead of what is heard, in seconds (decoded audio plus an estimate for undecoded bytes).
    public var seconds: Double

    public init(isBuffering: Bool, fraction: Double, seconds: Double) {
        self.isBuffering = isBuffering
        self.fraction = fraction
        self.seconds = seconds
    }
}
