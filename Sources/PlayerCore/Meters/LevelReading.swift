import Glibc

/// Average (RMS) and peak power per channel in dBFS, −160 (silence) to 0 (full scale).
public struct LevelReading: Sendable, Equatable {
    /// The floor reported for silence (and anything below it).
    public static let floorDb = -160.0

    public var averageDb: [Double]
    public var peakDb: [Double]

    public init(averageDb: [Double], peakDb: [Double]) {
        self.averageDb = averageDb
        self.peakDb = peakDb
    }

    /// Silence on `channels` channels.
    public static func silence(channels: Int) -> LevelReading {
        LevelReading(
            averageDb: Array(repeating: floorDb, count: channels), peakDb: Array(repeating: floorDb, count: channels))
    }

    /// 20·log10(amplitude) clamped to −160…0; amplitude 1.0 is full scale.
    public static func decibels(amplitude: Double) -> Double {
        guard amplitude.isFinite, amplitude > 1e-8 else { return floorDb }  // 1e-8 = −160 dB
        return min(0, max(floorDb, 20 * log10(amplitude)))
    }
}
