import Foundation

/// Makes test media with the real encoders (sox, lame, flac, oggenc, opusenc) and reads WAV/raw PCM back for
/// comparisons. Every generator writes to a path the caller owns (usually inside a `TemporaryDirectory`).
public enum TestMedia {
    /// Runs sox with `args` (format options must come before `-n` for synth: `-r 44100 -c 2 -n out.wav synth …`).
    public static func sox(_ args: [String]) throws {
        try Command.check("sox", args)
    }

    /// A sine tone WAV: `seconds` long, `bits`-bit signed PCM.
    public static func sineWAV(
        _ path: String, seconds: Double, frequency: Double = 440, rate: Int = 44100,
        channels: Int = 2, bits: Int = 16, amplitude: Double = 0.5
    ) throws {
        try sox([
            "-r", "\(rate)", "-c", "\(channels)", "-b", "\(bits)", "-e", "signed-integer", "-n", path,
            "synth", "\(seconds)", "sine", "\(frequency)", "vol", "\(amplitude)"
        ])
    }

    /// The sample of `channel` in frame `frame` of `countingWAV`: every frame is distinct for 2^32 frames, so a
    /// decoded stretch tells exactly where it came from (bit-exactness and seek tests).
    public static func countingSample(frame: Int, channel: Int) -> Int16 {
        channel % 2 == 0 ? Int16(truncatingIfNeeded: frame) : Int16(truncatingIfNeeded: (frame >> 16) ^ 0x2A5A)
    }

    /// A 16-bit PCM WAV whose samples are `countingSample(frame:channel:)` (not music: a position code).
    public static func countingWAV(_ path: String, frames: Int, rate: Int = 44100, channels: Int = 2) throws {
        var samples = [Int16]()
        samples.reserveCapacity(frames * channels)
        for f in 0..<frames { for c in 0..<channels { samples.append(countingSample(frame: f, channel: c)) } }
        try writeWAV(path, samples: samples, rate: rate, channels: channels)
    }

    /// Writes interleaved s16 samples as a canonical 44-byte-header WAV.
    public static func writeWAV(_ path: String, samples: [Int16], rate: Int, channels: Int) throws {
        var d = Data()
        func u32(_ v: Int) { withUnsafeBytes(of: UInt32(v).littleEndian) { d.append(contentsOf: $0) } }
        func u16(_ v: Int) { withUnsafeBytes(of: UInt16(v).littleEndian) { d.append(contentsOf: $0) } }
        let dataBytes = samples.count * 2
        d.append(contentsOf: Array("RIFF".utf8)); u32(36 + dataBytes); d.append(contentsOf: Array("WAVE".utf8))
        d.append(contentsOf: Array("fmt ".utf8)); u32(16); u16(1); u16(channels); u32(rate)
        u32(rate * channels * 2); u16(channels * 2); u16(16)
        d.append(contentsOf: Array("data".utf8)); u32(dataBytes)
        samples.withUnsafeBytes { d.append(contentsOf: $0) }  // little-endian host
        try d.write(to: URL(fileURLWithPath: path))
    }

    /// A PCM WAV read back: its format and its interleaved s16 samples (16-bit files only).
    public struct WAV: Sendable {
        public var rate: Int
        public var channels: Int
        public var bits: Int
        public var samples: [Int16]
        public var frames: Int { samples.count / channels }
    }

    /// Reads a 16-bit PCM WAV (plain or WAVE_FORMAT_EXTENSIBLE) by walking its chunks.
    public static func readWAV(_ path: String) throws -> WAV {
        let d = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        func u32(_ o: Int) -> Int { Int(d[o]) | Int(d[o + 1]) << 8 | Int(d[o + 2]) << 16 | Int(d[o + 3]) << 24 }
        func u16(_ o: Int) -> Int { Int(d[o]) | Int(d[o + 1]) << 8 }
        guard d.count >= 12, d[0..<4].elementsEqual("RIFF".utf8), d[8..<12].elementsEqual("WAVE".utf8) else {
            throw MediaError("\(path) is not a RIFF WAVE file")
        }
        var o = 12
        var rate = 0, channels = 0, bits = 0
        while o + 8 <= d.count {
            let id = String(decoding: d[o..<(o + 4)], as: UTF8.self), size = u32(o + 4)
            if id == "fmt " { channels = u16(o + 10); rate = u32(o + 12); bits = u16(o + 22) }
            if id == "data" {
                guard bits == 16 else { throw MediaError("\(path): \(bits)-bit WAV, only 16-bit is read") }
                let end = min(d.count, o + 8 + size)
                let samples = d[(o + 8)..<end].withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
                return WAV(rate: rate, channels: channels, bits: bits, samples: samples)
            }
            o += 8 + size + (size & 1)
        }
        throw MediaError("\(path): no data chunk")
    }

    /// Encodes with lame (writes the LAME/Xing header that carries encoder delay and padding); `options` such
    /// as ["-b", "192"] (CBR), ["-V", "2"] (VBR), plus tag options (--tt, --ta, …).
    public static func lame(_ wav: String, to mp3: String, options: [String] = ["-b", "192"]) throws {
        try Command.check("lame", ["--quiet"] + options + [wav, mp3])
    }

    /// Encodes with flac; `options` such as ["-T", "TITLE=x"] add Vorbis comments.
    public static func flac(_ wav: String, to path: String, options: [String] = []) throws {
        try Command.check("flac", ["--silent", "--force"] + options + ["-o", path, wav])
    }

    /// Encodes Ogg Vorbis with oggenc.
    public static func vorbis(_ wav: String, to path: String, options: [String] = []) throws {
        try Command.check("oggenc", ["--quiet"] + options + ["-o", path, wav])
    }

    /// Encodes Ogg Opus with opusenc.
    public static func opus(_ wav: String, to path: String, options: [String] = []) throws {
        try Command.check("opusenc", ["--quiet"] + options + [wav, path])
    }

    /// Encodes with ffmpeg (test-only tool): `codec` such as "aac" (its MP4 muxer writes the encoder delay and the
    /// exact length in the edit list) or "alac"; the container follows `path`'s extension (.m4a, .aac = ADTS).
    /// `options` go before the output (e.g. ["-metadata", "title=x"]); `inputs` are extra inputs (a cover image).
    public static func ffmpeg(
        _ wav: String, to path: String, codec: String = "aac", options: [String] = [],
        inputs: [String] = []
    ) throws {
        let extra = inputs.flatMap { ["-i", $0] }
        try Command.check(
            "ffmpeg",
            ["-nostdin", "-v", "error", "-y", "-i", wav] + extra + ["-c:a", codec] + options
                + [path])
    }

    /// Tags an MP4/M4A with mutagen (python3-mutagen, a real tagger; test-only): `text` items by atom name
    /// ("©nam", "©lyr", "aART"), `freeform` items as ----:com.apple.iTunes:NAME, and a JPEG or PNG `cover`.
    public static func tagMP4(
        _ path: String, text: [String: String] = [:], freeform: [String: String] = [:],
        cover: String? = nil
    ) throws {
        func literal(_ s: String) -> String {  // a Python str literal of any text
            "bytes.fromhex('" + s.utf8.map { String(format: "%02x", $0) }.joined() + "').decode('utf-8')"
        }
        var script = "from mutagen.mp4 import MP4, MP4Cover, MP4FreeForm\nf = MP4(\(literal(path)))\n"
        for (k, v) in text.sorted(by: { $0.key < $1.key }) { script += "f[\(literal(k))] = [\(literal(v))]\n" }
        for (k, v) in freeform.sorted(by: { $0.key < $1.key }) {
            script += "f['----:com.apple.iTunes:' + \(literal(k))] = [MP4FreeForm(\(literal(v)).encode())]\n"
        }
        if let cover {
            let format = cover.hasSuffix(".png") ? "FORMAT_PNG" : "FORMAT_JPEG"
            script += "f['covr'] = [MP4Cover(open(\(literal(cover)), 'rb').read(), imageformat=MP4Cover.\(format))]\n"
        }
        script += "f.save()\n"
        try Command.check("/usr/bin/python3", ["-c", script])
    }

    /// A small JPEG (a solid colour) made by ffmpeg, for cover-art tests.
    public static func jpeg(_ path: String, colour: String = "red") throws {
        try Command.check(
            "ffmpeg",
            [
                "-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i", "color=\(colour):s=16x16",
                "-frames:v", "1", path
            ])
    }

    /// Converts with sox, the output format chosen by `path`'s extension (.aiff, .caf, .wav, …).
    public static func convert(_ input: String, to path: String, options: [String] = []) throws {
        try sox([input] + options + [path])
    }

    /// mpg123's own decode of an MP3 (gapless, s16 native endian), the reference our decoder must equal.
    public static func mpg123Decode(_ mp3: String) throws -> [Int16] {
        let wavPath = NSTemporaryDirectory() + "linnet-mpg123-\(UUID().uuidString).wav"
        defer { try? FileManager.default.removeItem(atPath: wavPath) }
        try Command.check("mpg123", ["-q", "-w", wavPath, mp3])
        return try readWAV(wavPath).samples
    }

    /// `count` pseudo-random bytes (seeded, reproducible) written to `path`.
    public static func randomFile(_ path: String, count: Int, seed: UInt64 = 0x5EED) throws {
        var state = seed
        var bytes = [UInt8](repeating: 0, count: count)
        for i in 0..<count {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            bytes[i] = UInt8(truncatingIfNeeded: state >> 33)
        }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    /// Copies the first `fraction` of `input` to `path` (a file cut off mid-way, as by an interrupted download).
    public static func truncatedCopy(of input: String, to path: String, fraction: Double) throws {
        let d = try Data(contentsOf: URL(fileURLWithPath: input))
        try d.prefix(Int(Double(d.count) * fraction)).write(to: URL(fileURLWithPath: path))
    }

    /// A problem reading media back.
    public struct MediaError: Error, CustomStringConvertible {
        public var description: String
        init(_ d: String) { description = d }
    }
}
