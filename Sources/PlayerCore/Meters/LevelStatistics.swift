/// Sums behind a level reading: per channel the sum of squared samples and the largest magnitude, over `frames`
/// frames, samples scaled to −1…1. Accumulating is allocation-free once the arrays exist (render-thread safe).
public struct LevelStatistics: Sendable, Equatable {
    public private(set) var channels: Int
    public private(set) var frames: Int = 0
    var sumSquares: [Double]
    var peaks: [Float]

    public init(channels: Int) {
        self.channels = max(1, channels)
        sumSquares = Array(repeating: 0, count: self.channels)
        peaks = Array(repeating: 0, count: self.channels)
    }

    public mutating func reset() {
        frames = 0
        for c in 0..<channels {
            sumSquares[c] = 0
            peaks[c] = 0
        }
    }

    /// Adds interleaved signed 16-bit samples (32768 is full scale).
    public mutating func add(int16 samples: UnsafeBufferPointer<Int16>) {
        let ch = channels
        let count = samples.count / ch
        guard count > 0 else { return }
        for c in 0..<ch {
            var sum: Int64 = 0  // exact: 32768² · 2³² frames cannot overflow
            var peak: Int32 = 0
            var i = c
            for _ in 0..<count {
                let v = Int32(samples[i])
                sum &+= Int64(v * v)
                peak = max(peak, abs(v))
                i += ch
            }
            sumSquares[c] += Double(sum) / (32768.0 * 32768.0)
            peaks[c] = max(peaks[c], Float(peak) / 32768)
        }
        frames += count
    }

    /// Adds interleaved 32-bit float samples (1.0 is full scale).
    public mutating func add(float32 samples: UnsafeBufferPointer<Float>) {
        let ch = channels
        let count = samples.count / ch
        guard count > 0 else { return }
        for c in 0..<ch {
            var sum: Double = 0
            var peak: Float = 0
            var i = c
            for _ in 0..<count {
                let v = samples[i]
                sum += Double(v * v)
                let m = abs(v)
                if m > peak || m.isNaN { peak = m.isNaN ? peak : m }
                i += ch
            }
            sumSquares[c] += sum
            peaks[c] = max(peaks[c], peak)
        }
        frames += count
    }

    /// Adds another span of the same channel count.
    public mutating func merge(_ other: LevelStatistics) {
        guard other.channels == channels else { return }
        for c in 0..<channels {
            sumSquares[c] += other.sumSquares[c]
            peaks[c] = max(peaks[c], other.peaks[c])
        }
        frames += other.frames
    }

    /// The reading of these samples after a linear `gain` (the stream volume; 0 when muted).
    public func reading(gain: Double = 1) -> LevelReading {
        guard frames > 0 else { return .silence(channels: channels) }
        var average: [Double] = []
        var peak: [Double] = []
        average.reserveCapacity(channels)
        peak.reserveCapacity(channels)
        for c in 0..<channels {
            average.append(LevelReading.decibels(amplitude: (sumSquares[c] / Double(frames)).squareRoot() * gain))
            peak.append(LevelReading.decibels(amplitude: Double(peaks[c]) * gain))
        }
        return LevelReading(averageDb: average, peakDb: peak)
    }
}
