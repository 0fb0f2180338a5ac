import Foundation
import Decoding
import PlayerCore

/// A synthetic s16 stereo track whose every frame spells its own index: left = low 16 bits, right = 0x1000 +
/// high bits of (base + frame). A recording of it tells exactly which frame was heard (gaps, overlaps, seeks).
final class CounterDecoder: Decoder {
    let format: AudioFormat
    let totalFrames: Int64?
    let isSeekable = true
    let tags: TrackTags
    let base: Int64
    private var frame: Int64 = 0

    init(base: Int64, frames: Int64, rate: Int = 44100, title: String = "Counter") {
        self.base = base
        self.totalFrames = frames
        self.format = AudioFormat(sampleRate: rate, channels: 2, sampleFormat: .int16)
        var t = TrackTags()
        t.title = title
        t.artists = ["Linnet Tests"]
        self.tags = t
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(DecodeError) -> Int {
        let n = Int(min(Int64(buffer.count / 4), totalFrames! - frame))
        let out = buffer.bindMemory(to: Int16.self)
        for i in 0..<n {
            let v = base + frame + Int64(i)
            out[2 * i] = Int16(truncatingIfNeeded: v & 0xFFFF)
            out[2 * i + 1] = Int16(truncatingIfNeeded: 0x1000 + (v >> 16))
        }
        frame += Int64(n)
        return n * 4
    }

    func seek(toFrame f: Int64) throws(DecodeError) { frame = max(0, min(f, totalFrames!)) }

    /// The counter value in a recorded frame, nil for silence or anything that is not counter audio.
    static func value(left: Int16, right: Int16) -> Int64? {
        let high = Int64(right) - 0x1000
        guard high >= 0, high < 0x1000 else { return nil }
        return high << 16 | Int64(UInt16(bitPattern: left))
    }
}

/// Opens test items: "counter:BASE:FRAMES" makes a CounterDecoder, anything else goes to the real registry.
@Sendable func openTestItem(_ item: PlaybackItem) throws(DecodeError) -> any Decoder {
    if item.location.hasPrefix("counter") {
        let parts = item.location.split(separator: ":")
        let rate = parts[0] == "counter48k" ? 48000 : 44100
        return CounterDecoder(base: Int64(parts[1])!, frames: Int64(parts[2])!, rate: rate, title: item.id.description)
    }
    return try DecoderRegistry.open(location: item.location)
}

/// Every sample of a file as the real decoders produce it (interleaved, s16 only).
func decodeAll(_ path: String) throws -> [Int16] {
    let d = try DecoderRegistry.open(path: path)
    var out: [Int16] = []
    var buf = [Int16](repeating: 0, count: 8192)
    while true {
        let n = try buf.withUnsafeMutableBytes { try d.read(into: $0) }
        if n == 0 { break }
        out += buf[0..<(n / 2)]
    }
    return out
}
