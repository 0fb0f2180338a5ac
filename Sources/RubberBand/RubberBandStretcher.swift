import CRubberBand

/// Why a stretcher could not be made.
public struct RubberBandError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { "rubberband: \(message)" }
}

/// One librubberband stretcher (`RubberBandState`) in real-time mode with the pitch kept, on planar float audio.
///
/// Not thread-safe: owned by one thread at a time (the output thread). Buffers are lent in, never kept.
public final class RubberBandStretcher {
    private let state: RubberBandState
    private let lib: RubberBandLibrary
    public let channels: Int

    /// A real-time stretcher for `channels` channels at `sampleRate` Hz, playing at `1 / timeRatio` speed.
    /// The faster R2 engine is used: the finer R3 engine costs several times the CPU for music at these rates.
    /// Channels are processed apart: together (mid/side) measured 7 % more CPU on stereo music (bench/rate).
    /// Transients are "mixed": phases are reset at a transient only above the range of musical fundamentals. With
    /// the default ("crisp") a held 440 Hz tone wobbled by ±3–7 Hz from one 0.4 s stretch to the next (a warble on
    /// sustained notes; 20–40 % of 0.37 s windows off by over 1 Hz); mixed holds it at 440.0 Hz for the same CPU.
    public init(sampleRate: Int, channels: Int, timeRatio: Double) throws(RubberBandError) {
        guard let rate = UInt32(exactly: sampleRate), rate > 0, let ch = UInt32(exactly: channels), ch > 0, ch <= 32,
            timeRatio.isFinite, timeRatio > 0
        else {
            throw RubberBandError(message: "invalid setup: \(sampleRate) Hz, \(channels) ch, ratio \(timeRatio)")
        }
        let options = Int32(
            RubberBandOptionProcessRealTime.rawValue | RubberBandOptionEngineFaster.rawValue
                | RubberBandOptionTransientsMixed.rawValue | RubberBandOptionThreadingNever.rawValue)
        let lib = try RubberBandLibrary.shared.get()
        guard let s = linnet_rubberband_new(lib.new, rate, ch, options, timeRatio, 1.0) else {
            throw RubberBandError(message: "rubberband_new failed")
        }
        state = s
        self.lib = lib
        self.channels = channels
    }

    deinit { linnet_rubberband_delete(lib.delete, state) }

    /// Sets the time ratio (output duration / input duration: 2.0 plays at half speed).
    public func setTimeRatio(_ ratio: Double) {
        guard ratio.isFinite, ratio > 0 else { return }
        linnet_rubberband_set_time_ratio(lib.setTimeRatio, state, ratio)
    }

    /// Forgets all buffered audio (before feeding audio from another place).
    public func reset() { linnet_rubberband_reset(lib.reset, state) }

    /// Silent frames to feed first after a reset so the output starts aligned (see `startDelay`).
    public var preferredStartPad: Int { Int(linnet_rubberband_get_uint(lib.preferredStartPad, state)) }
    /// Output frames to drop after feeding `preferredStartPad` silent frames.
    public var startDelay: Int { Int(linnet_rubberband_get_uint(lib.startDelay, state)) }
    /// Input frames needed before more output can be produced.
    public var samplesRequired: Int { Int(linnet_rubberband_get_uint(lib.samplesRequired, state)) }
    /// Output frames ready; -1 once the final input was given and everything was retrieved.
    public var available: Int { Int(linnet_rubberband_available(lib.available, state)) }

    /// Feeds `frames` frames of planar input (one pointer per channel).
    public func process(_ planes: UnsafePointer<UnsafePointer<Float>?>, frames: Int, final: Bool) {
        linnet_rubberband_process(lib.process, state, planes, UInt32(clamping: frames), final ? 1 : 0)
    }

    /// Retrieves up to `frames` frames into planar output; returns the count.
    public func retrieve(_ planes: UnsafePointer<UnsafeMutablePointer<Float>?>, frames: Int) -> Int {
        Int(linnet_rubberband_retrieve(lib.retrieve, state, planes, UInt32(clamping: frames)))
    }
}
