/// Plays audio faster or slower with its pitch kept. The engine routes audio through one only while the rate is
/// not 1.0; at 1.0 the decoded samples go to the output untouched (bit-exact, gapless).
///
/// Driven by the engine on the output thread with the output lock held, like a decoder.
public protocol TimeStretcher: AnyObject {
    /// Starts over at `rate` (2.0 = twice as fast): after a seek, at a new track or when the rate changes.
    /// Output after a reset lines up with the input: the first output frame is the first input frame.
    func reset(rate: Double)
    /// Input frames it wants before it can produce more output.
    var framesWanted: Int { get }
    /// Takes whole frames of interleaved input in the stream's format; `final` marks the end of the input.
    func process(_ input: UnsafeRawBufferPointer, final: Bool)
    /// Writes up to `buffer.count` bytes (whole frames) of output; returns the bytes written (0: needs input).
    func retrieve(into buffer: UnsafeMutableRawBufferPointer) -> Int
    /// True once the final input was given and all of its output retrieved.
    var isFinished: Bool { get }
}

/// Makes a stretcher for a stream format; nil when none can be made (the engine then stays at rate 1.0).
public typealias MakeTimeStretcher = @Sendable (AudioFormat) -> (any TimeStretcher)?

/// The playback rates Linnet offers (MPRIS MinimumRate / MaximumRate).
public enum PlaybackRate {
    public static let minimum = 0.5
    public static let maximum = 2.0

    /// `rate` clamped to the offered range; nil for a value that is not a number.
    public static func clamped(_ rate: Double) -> Double? {
        guard rate.isFinite else { return nil }
        return min(maximum, max(minimum, rate))
    }
}
