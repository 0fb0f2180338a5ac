import PlayerCore
import Soxr

/// Turns the engine's PCM (any rate, s16 or f32, any channel count) into a Snapcast stream's format
/// (little-endian s16, or s24/s32 in 4 bytes, at the stream's rate and channel count).
///
/// Exact where it can be: s16 at the stream's rate and channel count passes through bit for bit (a 48 kHz CD-style
/// track reaches the rooms unchanged, gapless across tracks); f32 is rounded, not dithered. A different rate goes
/// through libsoxr, whose state carries across blocks and tracks, so a junction stays seamless. Channels: mono is
/// copied to every channel, more channels than the stream's keep the first ones, a mono stream gets the mean.
///
/// Not thread-safe: the Snapcast sender's thread owns it.
final class PCMConverter {
    let input: AudioFormat
    let output: SnapcastSampleFormat
    private let resampler: Resampler?
    private var floats: [Float] = []
    private var resampled: [Float] = []

    init(input: AudioFormat, output: SnapcastSampleFormat) throws(ResamplerError) {
        self.input = input
        self.output = output
        resampler =
            input.sampleRate == output.sampleRate
            ? nil
            : try Resampler(
                inputRate: input.sampleRate, outputRate: output.sampleRate, channels: output.channels,
                bits: output.bits)
    }

    /// Whether bytes pass through unchanged.
    var isPassthrough: Bool {
        resampler == nil && input.sampleFormat == .int16 && output.bits == 16 && input.channels == output.channels
    }

    /// Converts whole frames of `bytes` and appends the stream's bytes to `out`.
    func convert(_ bytes: UnsafeRawBufferPointer, appendingTo out: inout [UInt8]) throws(ResamplerError) {
        let frames = bytes.count / max(1, input.bytesPerFrame)
        guard frames > 0 else { return }
        if isPassthrough {
            out.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[0..<(frames * input.bytesPerFrame)]))
            return
        }
        if resampler == nil && input.sampleFormat == .int16 {
            appendIntegers(frames: frames, out: &out) { frame, channel in
                Int32(bytes.loadUnaligned(fromByteOffset: (frame * input.channels + channel) * 2, as: Int16.self))
                    << 16
            }
            return
        }
        mapToFloats(bytes, frames: frames)
        if let resampler {
            resampled.removeAll(keepingCapacity: true)
            try floats.withUnsafeBufferPointer { (p) throws(ResamplerError) in
                try resampler.process(p, appendingTo: &resampled)
            }
            swap(&floats, &resampled)
        }
        appendFloats(&out)
    }

    /// Appends `floats` (in the stream's layout) in the stream's sample width.
    private func appendFloats(_ out: inout [UInt8]) {
        if output.bits == 16 {
            // The common case (48000:16:2) in one tight loop: round, clip, store little-endian.
            let start = out.count
            out.append(contentsOf: repeatElement(0, count: floats.count * 2))
            floats.withUnsafeBufferPointer { f in
                out.withUnsafeMutableBytes { raw in
                    let dst = raw.baseAddress!.advanced(by: start)
                    for i in 0..<f.count {
                        let scaled = (f[i] * 32768).rounded()
                        let v: Int16 =
                            scaled.isNaN ? 0 : scaled >= 32767 ? 32767 : scaled <= -32768 ? -32768 : Int16(scaled)
                        dst.storeBytes(of: v.littleEndian, toByteOffset: i * 2, as: Int16.self)
                    }
                }
            }
            return
        }
        let count = floats.count / output.channels
        floats.withUnsafeBufferPointer { f in
            appendIntegers(frames: count, out: &out) { frame, channel in
                Self.int32(f[frame * output.channels + channel], bits: output.bits)
            }
        }
    }

    /// Forgets the resampler's history (a flush).
    func reset() { resampler?.reset() }

    /// The input ended (end of queue, or a new format follows): appends what the resampler still holds.
    func finish(appendingTo out: inout [UInt8]) throws(ResamplerError) {
        guard let resampler else { return }
        floats.removeAll(keepingCapacity: true)
        try resampler.drain(appendingTo: &floats)
        appendFloats(&out)
    }

    /// The input's frames as floats in the stream's channel layout, into `floats`.
    private func mapToFloats(_ bytes: UnsafeRawBufferPointer, frames: Int) {
        floats.removeAll(keepingCapacity: true)
        floats.reserveCapacity(frames * output.channels)
        let c = input.channels
        if c == output.channels {
            // Same layout (the engine plays mono as stereo, so this is nearly always the case): one loop.
            let n = frames * c
            switch input.sampleFormat {
            case .int16:
                for i in 0..<n {
                    floats.append(Float(bytes.loadUnaligned(fromByteOffset: i * 2, as: Int16.self)) * (1 / 32768))
                }
            case .float32:
                for i in 0..<n { floats.append(bytes.loadUnaligned(fromByteOffset: i * 4, as: Float.self)) }
            }
            return
        }
        func sample(_ frame: Int, _ channel: Int) -> Float {
            switch input.sampleFormat {
            case .float32: bytes.loadUnaligned(fromByteOffset: (frame * c + channel) * 4, as: Float.self)
            case .int16: Float(bytes.loadUnaligned(fromByteOffset: (frame * c + channel) * 2, as: Int16.self)) / 32768
            }
        }
        for frame in 0..<frames {
            for channel in 0..<output.channels {
                if c == 1 {
                    floats.append(sample(frame, 0))
                } else if output.channels == 1 {
                    var sum: Float = 0
                    for i in 0..<c { sum += sample(frame, i) }
                    floats.append(sum / Float(c))
                } else {
                    floats.append(sample(frame, min(channel, c - 1)))
                }
            }
        }
    }

    /// Appends `frames` frames whose samples `value` gives as full-scale 32-bit integers, in the stream's width.
    private func appendIntegers(frames: Int, out: inout [UInt8], _ value: (Int, Int) -> Int32) {
        let bps = output.bytesPerSample
        let start = out.count
        out.append(contentsOf: repeatElement(0, count: frames * output.bytesPerFrame))
        out.withUnsafeMutableBytes { raw in
            var at = start
            for frame in 0..<frames {
                for channel in 0..<output.channels {
                    let inChannel = input.channels == 1 ? 0 : min(channel, input.channels - 1)
                    let v = output.channels == 1 && input.channels > 1 ? mean(frame, value) : value(frame, inChannel)
                    switch bps {
                    case 2:
                        raw.storeBytes(
                            of: Int16(truncatingIfNeeded: v >> 16).littleEndian, toByteOffset: at, as: Int16.self)
                    default:
                        let w = output.bits == 24 ? v >> 8 : v
                        raw.storeBytes(of: w.littleEndian, toByteOffset: at, as: Int32.self)
                    }
                    at += bps
                }
            }
        }
    }

    private func mean(_ frame: Int, _ value: (Int, Int) -> Int32) -> Int32 {
        var sum: Int64 = 0
        for i in 0..<input.channels { sum += Int64(value(frame, i)) }
        return Int32(clamping: sum / Int64(input.channels))
    }

    /// A float sample as a full-scale 32-bit integer, rounded to the nearest step of a `bits`-wide sample and
    /// clipped.
    static func int32(_ f: Float, bits: Int) -> Int32 {
        guard f.isFinite else { return 0 }
        let top = Double(Int64(1) << (bits - 1))
        let scaled = max(-top, min(top - 1, (Double(f) * top).rounded()))
        return Int32(clamping: Int64(scaled) << (32 - bits))
    }
}
