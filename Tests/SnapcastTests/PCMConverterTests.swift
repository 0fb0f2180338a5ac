import Foundation
import PlayerCore
import Soxr
import Testing

@testable import Snapcast

/// The engine's PCM into a Snapcast stream's format: exact where it can be, seamless across blocks where it
/// resamples.
@Suite struct PCMConverterTests {
    static func bytes<T>(_ values: [T]) -> [UInt8] { values.withUnsafeBytes { Array($0) } }
    static func int16s(_ bytes: [UInt8]) -> [Int16] {
        stride(from: 0, to: bytes.count - 1, by: 2).map {
            Int16(bitPattern: UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8)
        }
    }

    func convert(_ c: PCMConverter, _ input: [UInt8]) throws -> [UInt8] {
        var out: [UInt8] = []
        try input.withUnsafeBytes { raw in try c.convert(raw, appendingTo: &out) }
        return out
    }

    @Test func s16AtTheStreamsRatePassesBitForBit() throws {
        let samples: [Int16] = (0..<4800).map { Int16(truncatingIfNeeded: $0 &* 7919) }
        let c = try PCMConverter(
            input: AudioFormat(sampleRate: 48000, channels: 2, sampleFormat: .int16), output: .standard)
        #expect(c.isPassthrough)
        #expect(try convert(c, Self.bytes(samples)) == Self.bytes(samples))
    }

    @Test func floatsAreRoundedAndClippedAndMonoGoesToBothChannels() throws {
        let input: [Float] = [0, 0.5, -0.5, 1.5, -2, 1.0 / 32768, .nan]
        let c = try PCMConverter(
            input: AudioFormat(sampleRate: 48000, channels: 1, sampleFormat: .float32), output: .standard)
        let out = Self.int16s(try convert(c, Self.bytes(input)))
        #expect(out == [0, 0, 16384, 16384, -16384, -16384, 32767, 32767, -32768, -32768, 1, 1, 0, 0])
    }

    @Test func widerStreamsKeepEveryBit() throws {
        let c = try PCMConverter(
            input: AudioFormat(sampleRate: 48000, channels: 2, sampleFormat: .int16),
            output: SnapcastSampleFormat(sampleRate: 48000, bits: 24, channels: 2))
        let out = try convert(c, Self.bytes([Int16(-1), Int16(12345)]))
        let words = stride(from: 0, to: out.count, by: 4).map { i in
            Int32(littleEndian: out[i..<(i + 4)].withUnsafeBytes { $0.loadUnaligned(as: Int32.self) })
        }
        #expect(words == [-1 << 8, 12345 << 8])
    }

    /// 44.1 kHz → 48 kHz in blocks of odd sizes: the right number of frames, and the sine goes on without a seam
    /// at any block boundary (no step larger than the sine's own slope allows).
    @Test func resamplingIsSeamlessAcrossBlocks() throws {
        let c = try PCMConverter(
            input: AudioFormat(sampleRate: 44100, channels: 2, sampleFormat: .int16), output: .standard)
        let frames = 44100
        var input: [Int16] = []
        for i in 0..<frames {
            let v = Int16(16000 * sin(2 * Double.pi * 440 * Double(i) / 44100))
            input += [v, v]
        }
        var out: [UInt8] = []
        var at = 0
        var size = 1
        while at < frames {
            let n = min(size, frames - at)
            let block = Self.bytes(Array(input[(at * 2)..<((at + n) * 2)]))
            try block.withUnsafeBytes { raw in try c.convert(raw, appendingTo: &out) }
            at += n
            size = size * 3 % 997 + 1
        }
        let held = out.count / 4
        // The end of the input gives up the filter's delay: one second in, one second of 48 kHz out.
        try c.finish(appendingTo: &out)
        let samples = Self.int16s(out)
        let outFrames = samples.count / 2
        #expect(held < outFrames, "the tail came out at the end")
        #expect(abs(outFrames - 48_000) <= 2, "\(outFrames) frames")
        // A 440 Hz sine of amplitude 16000 at 48 kHz moves at most 2π·440·16000/48000 ≈ 922 per sample.
        let steps = stride(from: 2, to: samples.count, by: 2).map { abs(Int(samples[$0]) - Int(samples[$0 - 2])) }
        #expect((steps.dropFirst(200).max() ?? 0) < 1000)
        let peak = samples.dropFirst(2000).map { abs(Int($0)) }.max() ?? 0
        #expect(peak > 15_500 && peak < 16_500, "peak \(peak)")
    }
}

extension PCMConverterTests {
    /// Resampling into a 24-bit stream (the general path) and its tail.
    @Test func resamplingIntoA24BitStream() throws {
        let c = try PCMConverter(
            input: AudioFormat(sampleRate: 44100, channels: 2, sampleFormat: .float32),
            output: SnapcastSampleFormat(sampleRate: 48000, bits: 24, channels: 2))
        let input = [Float](repeating: 0.25, count: 44100 * 2)
        var out = try convert(c, Self.bytes(input))
        try c.finish(appendingTo: &out)
        #expect(abs(out.count / 8 - 48000) <= 2)
        let last = out[(out.count - 8000 * 8)..<(out.count - 4000 * 8)]
        let words = stride(from: last.startIndex, to: last.endIndex, by: 4).map { i in
            Int32(littleEndian: out[i..<(i + 4)].withUnsafeBytes { $0.loadUnaligned(as: Int32.self) })
        }
        // 0.25 full scale in 24 bits, in the low three bytes of the 4-byte word (as Snapcast lays 24 bits out).
        #expect(words.allSatisfy { abs(Int($0) - 1 << 21) < 1 << 8 }, "\(words.prefix(4))")
    }
}
