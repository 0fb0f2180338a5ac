/// How the samples a decoder produces are laid out: interleaved, native endian.
public enum SampleFormat: Sendable, Hashable, CustomStringConvertible {
    /// Signed 16-bit integer samples.
    case int16
    /// 32-bit IEEE float samples in [-1, 1].
    case float32

    /// Bytes taken by one sample of one channel.
    public var bytesPerSample: Int {
        switch self {
        case .int16: return 2
        case .float32: return 4
        }
    }

    public var description: String {
        switch self {
        case .int16: return "s16"
        case .float32: return "f32"
        }
    }
}

/// The sample spec of a decoded track; two tracks with equal formats can share one output stream (gapless).
public struct AudioFormat: Sendable, Hashable, CustomStringConvertible {
    public var sampleRate: Int
    public var channels: Int
    public var sampleFormat: SampleFormat

    public init(sampleRate: Int, channels: Int, sampleFormat: SampleFormat) {
        self.sampleRate = sampleRate
        self.channels = channels
        self.sampleFormat = sampleFormat
    }

    /// Bytes in one frame (one sample for every channel).
    public var bytesPerFrame: Int { channels * sampleFormat.bytesPerSample }

    /// Converts a frame count to microseconds (the unit MPRIS speaks). Saturates: a frame count from a file
    /// header or a position from the bus (up to Int64.max) pins to the range instead of trapping.
    public func microseconds(forFrames frames: Int64) -> Int64 {
        frames.multipliedSaturating(by: 1_000_000) / Int64(max(1, sampleRate))
    }

    /// Converts microseconds to the frame that plays at that time (rounded down); saturates like the above.
    public func frames(forMicroseconds us: Int64) -> Int64 {
        us.multipliedSaturating(by: Int64(sampleRate)) / 1_000_000
    }

    public var description: String { "\(sampleFormat) \(sampleRate) Hz \(channels) ch" }
}
