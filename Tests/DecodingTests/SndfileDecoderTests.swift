import Decoding
import Foundation
import PlayerCore
import Testing
import TestSupport

/// libsndfile formats: exact sample counts, bit-exact 16-bit output, float for the rest, exact seeks.
@Suite struct SndfileDecoderTests {
    static let frames = 3 * 44100 + 17  // not a multiple of any block size

    @Test func flac16IsBitExactWithSourceWAV() throws {
        let dir = try TemporaryDirectory()
        try TestMedia.countingWAV(dir.file("src.wav"), frames: Self.frames)
        try TestMedia.flac(dir.file("src.wav"), to: dir.file("t.flac"))
        let d = try DecoderRegistry.open(path: dir.file("t.flac"))
        #expect(d is SndfileDecoder)
        #expect(d.format == AudioFormat(sampleRate: 44100, channels: 2, sampleFormat: .int16))
        #expect(d.totalFrames == Int64(Self.frames))
        #expect(d.isSeekable)
        let decoded = try readInt16(d)
        #expect(decoded.count == Self.frames * 2)
        #expect(decoded == (try TestMedia.readWAV(dir.file("src.wav")).samples))
    }

    @Test func wavAiffCafAreBitExact() throws {
        let dir = try TemporaryDirectory()
        try TestMedia.countingWAV(dir.file("src.wav"), frames: Self.frames)
        let source = try TestMedia.readWAV(dir.file("src.wav")).samples
        try TestMedia.convert(dir.file("src.wav"), to: dir.file("t.aiff"))
        try TestMedia.convert(dir.file("src.wav"), to: dir.file("t.caf"))
        for name in ["src.wav", "t.aiff", "t.caf"] {
            let d = try DecoderRegistry.open(path: dir.file(name))
            #expect(d.format.sampleFormat == .int16, "\(name)")
            #expect(d.totalFrames == Int64(Self.frames), "\(name)")
            let decoded = try readInt16(d)
            #expect(decoded.count == source.count, "\(name)")
            #expect(decoded == source, "\(name) differs from the source")
        }
    }

    @Test func eightBitWavWidensExactlyToInt16() throws {
        let dir = try TemporaryDirectory()
        try TestMedia.sox([
            "-r", "8000", "-c", "1", "-b", "8", "-e", "unsigned-integer", "-n", dir.file("u8.wav"),
            "synth", "0.5", "sine", "300"
        ])
        let d = try DecoderRegistry.open(path: dir.file("u8.wav"))
        #expect(d.format == AudioFormat(sampleRate: 8000, channels: 1, sampleFormat: .int16))
        let decoded = try readInt16(d)
        // The file's last 4000 bytes are its samples (a 0.5 s mono 8-bit data chunk ends the file).
        let raw = [UInt8](try Data(contentsOf: URL(fileURLWithPath: dir.file("u8.wav")))).suffix(4000)
        #expect(decoded == raw.map { Int16(Int($0) - 128) << 8 })
    }

    @Test func flac24DecodesToFloatExactly() throws {
        let dir = try TemporaryDirectory()
        try TestMedia.sineWAV(dir.file("src24.wav"), seconds: 1, bits: 24)
        try TestMedia.flac(dir.file("src24.wav"), to: dir.file("t24.flac"))
        let flac = try DecoderRegistry.open(path: dir.file("t24.flac"))
        let wav = try DecoderRegistry.open(path: dir.file("src24.wav"))
        #expect(flac.format.sampleFormat == .float32)
        #expect(flac.totalFrames == 44100)
        let a = try readFloat(flac), b = try readFloat(wav)
        #expect(a.count == 44100 * 2)
        #expect(a == b)
        // 24-bit integers fit a float exactly: every value times 2^23 is an integer.
        #expect(a.allSatisfy { ($0 * 8_388_608).rounded() == $0 * 8_388_608 })
        #expect((a.map(abs).max() ?? 0) > 0.4)
    }

    @Test func vorbisAndOpusDecodeToFloat() throws {
        let dir = try TemporaryDirectory()
        try TestMedia.sineWAV(dir.file("src.wav"), seconds: 2)
        try TestMedia.vorbis(dir.file("src.wav"), to: dir.file("t.ogg"))
        try TestMedia.opus(dir.file("src.wav"), to: dir.file("t.opus"))
        for (name, rate) in [("t.ogg", 44100), ("t.opus", 48000)] {
            let d = try DecoderRegistry.open(path: dir.file(name))
            #expect(d.format == AudioFormat(sampleRate: rate, channels: 2, sampleFormat: .float32), "\(name)")
            let samples = try readFloat(d)
            let frames = samples.count / 2
            // Both trim their codec delay (Vorbis from granule positions, Opus by pre-skip): exact counts.
            #expect(frames == 2 * rate, "\(name): \(frames) frames for 2 s")
            #expect(d.totalFrames == Int64(frames), "\(name)")
            let peak = samples.map(abs).max() ?? 0
            #expect(peak > 0.4 && peak < 0.6, "\(name): peak \(peak)")
        }
    }

    @Test func flacSeekIsSampleExact() throws {
        let dir = try TemporaryDirectory()
        try TestMedia.countingWAV(dir.file("src.wav"), frames: Self.frames)
        try TestMedia.flac(dir.file("src.wav"), to: dir.file("t.flac"))
        let d = try DecoderRegistry.open(path: dir.file("t.flac"))
        for target in [77_777, 0, 1, 4095, 4096, 44100, Self.frames - 10, 12345] {
            try d.seek(toFrame: Int64(target))
            let got = try readInt16(d, maxFrames: 1000)
            let want = (target..<min(target + 1000, Self.frames)).flatMap {
                [TestMedia.countingSample(frame: $0, channel: 0), TestMedia.countingSample(frame: $0, channel: 1)]
            }
            #expect(got == want, "after seek to \(target)")
        }
        try d.seek(toFrame: Int64(Self.frames + 500))
        #expect(try readInt16(d).isEmpty)
    }

    /// Opus seeks are exact. Vorbis seeks in libsndfile 1.2.0 can land one lapped block off (libsndfile issue
    /// #885, open upstream): checked exactly, recorded as a known issue when it happens.
    @Test func lossySeeksLandOnTheSameSamplesAsAFullDecode() throws {
        let dir = try TemporaryDirectory()
        try TestMedia.sineWAV(dir.file("src.wav"), seconds: 3, frequency: 1234)
        try TestMedia.vorbis(dir.file("src.wav"), to: dir.file("t.ogg"))
        try TestMedia.opus(dir.file("src.wav"), to: dir.file("t.opus"))
        for name in ["t.opus", "t.ogg"] {
            let full = try readFloat(try DecoderRegistry.open(path: dir.file(name)))
            let d = try DecoderRegistry.open(path: dir.file(name))
            #expect(d.isSeekable, "\(name)")
            for target in [40_000, 12_345, 100_000] {
                try d.seek(toFrame: Int64(target))
                let got = try readFloat(d, maxFrames: 1000)
                let want = Array(full[(target * 2)..<((target + 1000) * 2)])
                #expect(got.count == want.count)
                let worst = zip(got, want).map { abs($0 - $1) }.max() ?? 1
                if name == "t.ogg" {
                    withKnownIssue("libsndfile #885: Vorbis seek off by a lapped block", isIntermittent: true) {
                        #expect(worst < 1e-4, "\(name): seek to \(target), worst error \(worst)")
                    }
                } else {
                    #expect(worst < 1e-4, "\(name): seek to \(target), worst error \(worst)")
                }
            }
        }
    }

    @Test func vorbisCommentsAndWavInfoBecomeTags() throws {
        let dir = try TemporaryDirectory()
        try TestMedia.sineWAV(dir.file("src.wav"), seconds: 0.5)
        try TestMedia.flac(
            dir.file("src.wav"), to: dir.file("t.flac"),
            options: [
                "-T", "TITLE=Grüße aus Köln", "-T", "ARTIST=Ærø", "-T", "ALBUM=Linnet Tests", "-T", "DATE=2024",
                "-T", "GENRE=Folk", "-T", "TRACKNUMBER=3/12"
            ])
        let t = try DecoderRegistry.open(path: dir.file("t.flac")).tags
        #expect(t.title == "Grüße aus Köln")
        #expect(t.artists == ["Ærø"])
        #expect(t.album == "Linnet Tests")
        #expect(t.date == "2024")
        #expect(t.genres == ["Folk"])
        #expect(t.trackNumber == 3)
        #expect(t.trackCount == 12)
        #expect(try DecoderRegistry.open(path: dir.file("src.wav")).tags.isEmpty)
    }

    /// The formats that come over the network (FLAC, Ogg Vorbis, Opus; WAV too) decode from a non-seekable source
    /// the same samples as from the file. (libsndfile parses AIFF and CAF headers by seeking: they need a file.)
    @Test(arguments: ["flac", "wav", "ogg", "opus"])
    func nonSeekableSourceDecodesTheSameSamples(ext: String) throws {
        let dir = try TemporaryDirectory()
        try TestMedia.countingWAV(dir.file("src.wav"), frames: Self.frames)
        let path = dir.file("t.\(ext)")
        switch ext {
        case "flac": try TestMedia.flac(dir.file("src.wav"), to: path)
        case "ogg": try TestMedia.vorbis(dir.file("src.wav"), to: path)
        case "opus": try TestMedia.opus(dir.file("src.wav"), to: path)
        default: try TestMedia.convert(dir.file("src.wav"), to: path)
        }
        let fromFile = try readBytes(try DecoderRegistry.open(path: path))
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let d = try DecoderRegistry.open(source: MemoryByteSource(bytes: bytes, seekable: false))
        #expect(!d.isSeekable)
        let error = #expect(throws: DecodeError.self) { try d.seek(toFrame: 10) }
        #expect(error?.kind == .notSeekable)
        let streamed = try readBytes(d)
        #expect(streamed.count == fromFile.count)
        #expect(streamed == fromFile)
    }

    @Test func aiffOverNonSeekableSourceFailsCleanly() throws {
        let dir = try TemporaryDirectory()
        try TestMedia.sineWAV(dir.file("src.wav"), seconds: 0.5)
        try TestMedia.convert(dir.file("src.wav"), to: dir.file("t.aiff"))
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: dir.file("t.aiff"))))
        let error = #expect(throws: DecodeError.self) {
            _ = try DecoderRegistry.open(
                source: MemoryByteSource(
                    bytes: bytes, path: "http://x.invalid/a.aiff",
                    seekable: false))
        }
        #expect(error?.path == "http://x.invalid/a.aiff")
    }
}
