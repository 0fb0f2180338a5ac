@testable import PlayerCore
import Testing

/// `MonoUpmix` alone: exact duplication for both sample formats, pass-through of everything else.
@Suite struct MonoUpmixTests {
    /// A mono (or stereo) decoder of fixed samples, handed out a few frames at a time.
    final class Fixed: Decoder {
        let format: AudioFormat
        let samples: [UInt32]
        var at = 0
        var totalFrames: Int64? { Int64(samples.count / format.channels) }
        let isSeekable = true
        let tags = TrackTags()
        init(_ samples: [UInt32], format: SampleFormat, channels: Int = 1) {
            self.samples = samples
            self.format = AudioFormat(sampleRate: 44100, channels: channels, sampleFormat: format)
        }
        func read(into buffer: UnsafeMutableRawBufferPointer) throws(DecodeError) -> Int {
            let size = format.sampleFormat.bytesPerSample
            let n = min(buffer.count / size / format.channels * format.channels, samples.count - at, 3)
            for i in 0..<n {
                if size == 2 {
                    buffer.storeBytes(
                        of: UInt16(truncatingIfNeeded: samples[at + i]), toByteOffset: 2 * i, as: UInt16.self)
                } else {
                    buffer.storeBytes(of: samples[at + i], toByteOffset: 4 * i, as: UInt32.self)
                }
            }
            at += n
            return n * size
        }
        func seek(toFrame frame: Int64) throws(DecodeError) { at = Int(frame) }
    }

    func readAll(_ d: any Decoder, chunk: Int) throws -> [UInt8] {
        var out: [UInt8] = []
        var buf = [UInt8](repeating: 0xEE, count: chunk)
        while true {
            let n = try buf.withUnsafeMutableBytes { try d.read(into: $0) }
            if n == 0 { return out }
            out += buf[0..<n]
        }
    }

    @Test func int16SamplesAreCopiedToBothChannels() throws {
        let d = MonoUpmix.playable(Fixed([1, 0x8000, 0xFFFF, 7, 0x1234], format: .int16))
        #expect(d.format == AudioFormat(sampleRate: 44100, channels: 2, sampleFormat: .int16))
        #expect(d.totalFrames == 5)
        let bytes = try readAll(d, chunk: 10)  // 2.5 stereo frames: whole frames only
        let samples = stride(from: 0, to: bytes.count, by: 2).map { UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8 }
        #expect(samples == [1, 1, 0x8000, 0x8000, 0xFFFF, 0xFFFF, 7, 7, 0x1234, 0x1234])
    }

    @Test func floatBitPatternsAreCopiedUnchanged() throws {
        // NaN with a payload, −0, the largest float, a denormal: copied as bits, not as values.
        let bits: [UInt32] = [0x7FC0_1234, 0x8000_0000, 0x7F7F_FFFF, 0x0000_0001]
        let d = MonoUpmix.playable(Fixed(bits, format: .float32))
        let bytes = try readAll(d, chunk: 64)
        let got = stride(from: 0, to: bytes.count, by: 4).map { i in
            (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[i + $1]) << (8 * $1) }
        }
        #expect(got == bits.flatMap { [$0, $0] })
    }

    @Test func stereoIsNotWrappedAndSeekPassesThrough() throws {
        let stereo = Fixed([1, 2, 3, 4], format: .int16, channels: 2)
        #expect(MonoUpmix.playable(stereo) === stereo)
        let mono = Fixed([5, 6, 7, 8], format: .int16)
        let d = MonoUpmix.playable(mono)
        try d.seek(toFrame: 2)
        #expect(try readAll(d, chunk: 16) == [7, 0, 7, 0, 8, 0, 8, 0])
        #expect(d.isSeekable)
        #expect((d as? any StreamingDecoder)?.isWaitingForData == false)
    }
}
