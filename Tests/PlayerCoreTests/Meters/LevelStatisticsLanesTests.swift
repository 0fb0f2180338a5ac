import Glibc
import Testing
@testable import PlayerCore

/// The vectorised Int16 path (1, 2, 4, 8 channels) against a plain Double reference, including the tails that do
/// not fill a vector, the scalar path (3 channels), long blocks (the Float partial sums) and full negative scale.
@Suite struct LevelStatisticsLanesTests {
    /// Pseudo-random samples (a fixed LCG), so every lane and channel differs.
    static func noise(_ count: Int, seed: UInt32) -> [Int16] {
        var x = seed
        return (0..<count).map { _ in
            x = x &* 1_664_525 &+ 1_013_904_223
            return Int16(truncatingIfNeeded: x >> 16)
        }
    }

    static func reference(_ samples: [Int16], channels: Int) -> (sum: [Double], peak: [Float]) {
        var sum = [Double](repeating: 0, count: channels)
        var peak = [Float](repeating: 0, count: channels)
        let n = samples.count / channels * channels
        for i in 0..<n {
            let v = Double(samples[i]) / 32768
            sum[i % channels] += v * v
            peak[i % channels] = max(peak[i % channels], Float(abs(Int32(samples[i]))) / 32768)
        }
        return (sum, peak)
    }

    @Test(arguments: [(1, 8), (1, 13), (2, 441), (2, 7), (3, 441), (4, 1001), (8, 9), (2, 44100)])
    func matchesTheReference(channels: Int, frames: Int) {
        let samples = Self.noise(frames * channels + channels - 1, seed: UInt32(channels * 1000 + frames))
        var s = LevelStatistics(channels: channels)
        samples.withUnsafeBufferPointer { s.add(int16: $0) }
        let (sum, peak) = Self.reference(samples, channels: channels)
        #expect(s.frames == frames)
        for c in 0..<channels {
            // Float partial sums: relative error far below 1e-4 (0.0004 dB).
            #expect(abs(s.sumSquares[c] - sum[c]) <= sum[c] * 1e-5, "channel \(c) of \(channels)")
            #expect(s.peaks[c] == peak[c], "channel \(c) of \(channels)")
        }
    }

    @Test func fullNegativeScaleIsZeroDbPeak() {
        var samples = [Int16](repeating: 0, count: 64)
        samples[9] = -32768  // channel 1 of 2, inside a vector
        samples[63] = -32768  // channel 1, the last sample
        var s = LevelStatistics(channels: 2)
        samples.withUnsafeBufferPointer { s.add(int16: $0) }
        let r = s.reading()
        #expect(r.peakDb[1] == 0)
        #expect(r.peakDb[0] == LevelReading.floorDb)
    }

    @Test func constantFullScaleOverManyVectorsIsExactEnough() {
        // 10 s of a constant −32768 on 2 channels: every partial sum is at its largest.
        let samples = [Int16](repeating: -32768, count: 441_000 * 2)
        var s = LevelStatistics(channels: 2)
        samples.withUnsafeBufferPointer { s.add(int16: $0) }
        let r = s.reading()
        #expect(abs(r.averageDb[0]) < 0.0001)
        #expect(abs(r.averageDb[1]) < 0.0001)
    }
}
