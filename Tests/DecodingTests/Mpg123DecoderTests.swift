import Decoding
import Foundation
import PlayerCore
import Testing
import TestSupport

/// MP3 through libmpg123: gapless sample counts, exact VBR length, sample-accurate seek, tags, non-seekable input.
@Suite struct Mpg123DecoderTests {
    static let frames = 3 * 44100 + 1234  // not a multiple of the 1152-sample MPEG frame

    /// A sine WAV of `frames` frames and its LAME encoding with `options`.
    static func makeMP3(
        _ dir: TemporaryDirectory, _ name: String, options: [String] = ["-b", "192"],
        frames: Int = frames
    ) throws -> (wav: String, mp3: String) {
        let wav = dir.file("\(name).wav"), mp3 = dir.file("\(name).mp3")
        try TestMedia.sineWAV(wav, seconds: Double(frames) / 44100, frequency: 997)
        #expect(try TestMedia.readWAV(wav).frames == frames)
        try TestMedia.lame(wav, to: mp3, options: options)
        return (wav, mp3)
    }

    @Test func lameCBRIsGaplessToTheSample() throws {
        let dir = try TemporaryDirectory()
        let (_, mp3) = try Self.makeMP3(dir, "cbr")
        let d = try DecoderRegistry.open(path: mp3)
        let m = try #require(d as? Mpg123Decoder)
        #expect(d.format == AudioFormat(sampleRate: 44100, channels: 2, sampleFormat: .int16))
        #expect(m.encoderDelay != nil && m.encoderPadding != nil)
        #expect(d.totalFrames == Int64(Self.frames))
        let samples = try readInt16(d)
        #expect(samples.count == Self.frames * 2)
    }

    @Test func decodedSamplesEqualMpg123sOwn() throws {
        let dir = try TemporaryDirectory()
        let (_, mp3) = try Self.makeMP3(dir, "ref")
        let ours = try readInt16(try DecoderRegistry.open(path: mp3))
        let reference = try TestMedia.mpg123Decode(mp3)
        #expect(ours.count == reference.count)
        #expect(ours == reference)
    }

    @Test func vbrLengthIsExact() throws {
        let dir = try TemporaryDirectory()
        // With the Xing/LAME header: exact to the sample.
        let (_, vbr) = try Self.makeMP3(dir, "vbr", options: ["-V", "2"])
        let d = try DecoderRegistry.open(path: vbr)
        #expect(d.totalFrames == Int64(Self.frames))
        #expect(try readInt16(d).count == Self.frames * 2)
        // Without it (-t): no gapless info, but the scanned length equals what decodes, within the encoder's
        // delay + padding (under two MPEG frames) of the source.
        let (_, bare) = try Self.makeMP3(dir, "bare", options: ["-V", "2", "-t"])
        let b = try DecoderRegistry.open(path: bare)
        let total = try #require(b.totalFrames)
        #expect(Int(total) * 2 == (try readInt16(b)).count)
        #expect(total >= Int64(Self.frames) && total - Int64(Self.frames) < 2 * 1152, "length \(total)")
    }

    /// With a LAME header (length from the header, index built on the way) and without one (scanned at open).
    @Test(arguments: [["-b", "192"], ["-V", "2", "-t"]])
    func seekIsSampleAccurate(options: [String]) throws {
        let dir = try TemporaryDirectory()
        let (_, mp3) = try Self.makeMP3(dir, "seek", options: options)
        let full = try readInt16(try DecoderRegistry.open(path: mp3))
        let frames = full.count / 2
        let d = try DecoderRegistry.open(path: mp3)
        #expect(d.totalFrames == Int64(frames))
        for target in [50_000, 0, 1, 1151, 1152, 1153, 44100, 99_999, frames - 300, 7] {
            try d.seek(toFrame: Int64(target))
            let got = try readInt16(d, maxFrames: 2000)
            let end = min(target + 2000, frames)
            #expect(got.count == (end - target) * 2, "frames after seek to \(target)")
            #expect(got == Array(full[(target * 2)..<(end * 2)]), "samples after seek to \(target)")
        }
        // Past the end: nothing more, no error.
        try d.seek(toFrame: Int64(frames + 10))
        #expect(try readInt16(d).isEmpty)
    }

    @Test func id3v2AndID3v1TagsBecomeTrackTags() throws {
        let dir = try TemporaryDirectory()
        let (_, mp3) = try Self.makeMP3(
            dir, "tags",
            options: [
                "-b", "128", "--id3v2-only", "--tt", "Title One", "--ta", "Some Artist", "--tl", "An Album",
                "--ty", "2021", "--tn", "4/9", "--tg", "Jazz", "--tc", "a comment"
            ], frames: 44100)
        let t = try DecoderRegistry.open(path: mp3).tags
        #expect(t.title == "Title One")
        #expect(t.artists == ["Some Artist"])
        #expect(t.album == "An Album")
        #expect(t.date == "2021")
        #expect(t.trackNumber == 4 && t.trackCount == 9)
        #expect(t.genres == ["Jazz"])
        #expect(t.comments == ["a comment"])

        let (_, v1) = try Self.makeMP3(
            dir, "v1",
            options: [
                "-b", "128", "--id3v1-only", "--tt", "Old Style", "--ta", "Band", "--tg", "Rock", "--tn", "7"
            ],
            frames: 44100)
        let t1 = try DecoderRegistry.open(path: v1).tags
        #expect(t1.title == "Old Style")
        #expect(t1.artists == ["Band"])
        #expect(t1.genres == ["Rock"])
        #expect(t1.trackNumber == 7)
        #expect(t1.comments.isEmpty)

        // UTF-16 text frames come out as proper UTF-8 strings.
        let (_, utf) = try Self.makeMP3(
            dir, "utf",
            options: [
                "-b", "128", "--id3v2-only", "--id3v2-utf16", "--tt", "Grüße – 日本語"
            ], frames: 44100)
        #expect(try DecoderRegistry.open(path: utf).tags.title == "Grüße – 日本語")
    }

    @Test func nonSeekableSourceDecodesTheSameSamples() throws {
        let dir = try TemporaryDirectory()
        let (_, mp3) = try Self.makeMP3(dir, "stream")
        let full = try readInt16(try DecoderRegistry.open(path: mp3))
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: mp3)))
        let source = MemoryByteSource(bytes: bytes, path: "http://example.invalid/stream.mp3", seekable: false)
        let d = try DecoderRegistry.open(source: source)
        #expect(d is Mpg123Decoder)
        #expect(!d.isSeekable)
        #expect(d.totalFrames == nil)
        let error = #expect(throws: DecodeError.self) { try d.seek(toFrame: 1000) }
        #expect(error?.kind == .notSeekable)
        let streamed = try readInt16(d)
        #expect(streamed == full, "streamed \(streamed.count / 2) frames, file \(full.count / 2)")
    }

    /// The engine opens tracks on one thread and decodes on another: the registry hands decoders out `sending`.
    @Test func decoderMovesToAnotherThread() async throws {
        let dir = try TemporaryDirectory()
        let (_, mp3) = try Self.makeMP3(dir, "moved", frames: 44100)
        let d = try DecoderRegistry.open(path: mp3)
        let frames = await Task.detached { drain(d).frames }.value
        #expect(frames == 44100)
    }

    @Test func formatChangeMidStreamKeepsThePinnedFormat() throws {
        let dir = try TemporaryDirectory()
        let (_, a) = try Self.makeMP3(dir, "a", frames: 44100)
        try TestMedia.sox(["-r", "22050", "-c", "1", "-n", dir.file("b.wav"), "synth", "1", "sine", "300"])
        try TestMedia.lame(dir.file("b.wav"), to: dir.file("b.mp3"), options: ["-b", "64"])
        var joined = try Data(contentsOf: URL(fileURLWithPath: a))
        joined.append(try Data(contentsOf: URL(fileURLWithPath: dir.file("b.mp3"))))
        try joined.write(to: URL(fileURLWithPath: dir.file("joined.mp3")))
        let d = try DecoderRegistry.open(path: dir.file("joined.mp3"))
        #expect(d.format == AudioFormat(sampleRate: 44100, channels: 2, sampleFormat: .int16))
        let (frames, error) = drain(d)
        // The second part is either converted to the pinned format (about 1 s more) or ends the track cleanly.
        #expect(frames >= 44100 - 1152)
        if let error {
            #expect(error.kind == .unsupportedFormat || error.kind == .truncated, "\(error)")
        } else {
            #expect(frames > 2 * 44100 - 2 * 1152, "decoded \(frames) frames")
        }
    }
}
