import Glibc
import Testing
@testable import PlayerCore

@Suite struct LevelMeterTests {
    static func sine(frames: Int, channels: Int, amplitude: Double, period: Int = 100) -> [Int16] {
        var out: [Int16] = []
        for f in 0..<frames {
            let v = Int16(
                clamping: Int((amplitude * 32767 * sin(2 * Double.pi * Double(f) / Double(period))).rounded()))
            for _ in 0..<channels { out.append(v) }
        }
        return out
    }

    @Test func fullScaleSineReadsMinus3dBRMSAnd0dBPeak() {
        var s = LevelStatistics(channels: 2)
        Self.sine(frames: 44100, channels: 2, amplitude: 1).withUnsafeBufferPointer { s.add(int16: $0) }
        let r = s.reading()
        for c in 0..<2 {
            #expect(abs(r.averageDb[c] - -3.0103) < 0.01)
            #expect(abs(r.peakDb[c]) < 0.01)
        }
    }

    @Test func floatSineAndGain() {
        var s = LevelStatistics(channels: 1)
        let samples = (0..<4410).map { Float(sin(2 * Double.pi * Double($0) / 100)) }
        samples.withUnsafeBufferPointer { s.add(float32: $0) }
        #expect(abs(s.reading().averageDb[0] - -3.0103) < 0.01)
        // Half amplitude: −6.02 dB more.
        #expect(abs(s.reading(gain: 0.5).averageDb[0] - -9.0309) < 0.01)
        #expect(s.reading(gain: 0).averageDb[0] == LevelReading.floorDb)
    }

    @Test func silenceAndEmptyReadMinus160() {
        var s = LevelStatistics(channels: 2)
        #expect(s.reading() == .silence(channels: 2))
        [Int16](repeating: 0, count: 2000).withUnsafeBufferPointer { s.add(int16: $0) }
        #expect(s.reading().averageDb == [-160, -160])
        #expect(s.reading().peakDb == [-160, -160])
    }

    @Test func channelsAreMeasuredApart() {
        var s = LevelStatistics(channels: 2)
        var samples: [Int16] = []
        for f in 0..<1000 { samples.append(f % 2 == 0 ? 16384 : -16384); samples.append(0) }
        samples.withUnsafeBufferPointer { s.add(int16: $0) }
        let r = s.reading()
        #expect(abs(r.averageDb[0] - -6.0206) < 0.01 && abs(r.peakDb[0] - -6.0206) < 0.01)
        #expect(r.averageDb[1] == -160)
    }

    @Test func historyReportsOnlyWhatWasHeardSinceTheLastTake() {
        let format = AudioFormat(sampleRate: 44100, channels: 2, sampleFormat: .int16)
        var h = MeterHistory(format: format)
        let loud = Self.sine(frames: 4410, channels: 2, amplitude: 1)
        let quiet = [Int16](repeating: 0, count: 4410 * 2)
        loud.withUnsafeBytes { h.record($0, at: 0) }
        quiet.withUnsafeBytes { h.record($0, at: 4410) }
        #expect(h.take(heard: 200) == nil, "no whole block heard yet")
        let first = h.take(heard: 4410)
        #expect(first?.frames == 4410)
        #expect(abs((first?.reading().averageDb[0] ?? 0) - -3.01) < 0.05)
        #expect(h.take(heard: 4410) == nil, "nothing new")
        let second = h.take(heard: 8820)
        #expect(second?.reading().averageDb == [-160, -160])
    }

    @Test func historyRestartsWhenTheTimelineDoes() {
        let format = AudioFormat(sampleRate: 1000, channels: 1, sampleFormat: .int16)
        var h = MeterHistory(format: format)
        [Int16](repeating: 32767, count: 100).withUnsafeBytes { h.record($0, at: 0) }
        // A flush: the next write starts at frame 0 again; the old blocks are gone.
        [Int16](repeating: 0, count: 100).withUnsafeBytes { h.record($0, at: 0) }
        #expect(h.take(heard: 100)?.reading().peakDb == [-160])
    }

    @Test func historyKeepsItsNewestBlocksWhenFull() {
        let format = AudioFormat(sampleRate: 1000, channels: 1, sampleFormat: .int16)
        var h = MeterHistory(format: format, seconds: 0.1)  // 10 blocks of 10 frames (minimum 8 → 10)
        [Int16](repeating: 100, count: 1000).withUnsafeBytes { h.record($0, at: 0) }
        let s = h.take(heard: 1000)
        #expect(s?.frames == 100)
    }

    @Test func planRunsMetersOnlyWithListenersAndSound() {
        let nobody = MeterPlan(listeners: 0, playing: true, recording: true)
        #expect(!nobody.player && !nobody.recorder)
        let paused = MeterPlan(listeners: 2, playing: false, recording: false)
        #expect(!paused.player && !paused.recorder)
        let p = MeterPlan(listeners: 1, playing: true, recording: false)
        #expect(p.player && !p.recorder)
        #expect(MeterPlan(listeners: 1, playing: false, recording: true).recorder)
        #expect(MeterPlan.intervalMilliseconds == 50)
    }

    @Test func pacerKeepsTwentyPerSecondWithoutBursts() {
        var pacer = MeterPacer()
        // Wake-ups every 40 ms for 10 s: 200 updates at most, about 200.
        var sent = 0
        for t in stride(from: UInt64(1_000_000), to: 11_000_000, by: 40_000) where pacer.isDue(at: t) { sent += 1 }
        #expect(sent <= 201 && sent >= 190, "\(sent)")
        // After a 2 s gap one update, not forty.
        var burst = 0
        for t in stride(from: UInt64(13_000_000), to: 13_200_000, by: 10_000) where pacer.isDue(at: t) { burst += 1 }
        #expect(burst <= 5, "\(burst)")
    }
}
