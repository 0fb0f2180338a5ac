import Decoding
import Foundation
import PlayerCore
import Testing
import TestSupport

/// AAC in MP4/M4A and ADTS through libfaad2, with test media made by ffmpeg's AAC encoder.
@Suite struct AACDecoderTests {
    let dir: TemporaryDirectory

    init() throws { dir = try TemporaryDirectory(prefix: "linnet-aac") }

    func tone(_ name: String, frames: Int, frequency: Double = 440) throws -> String {
        let wav = dir.file(name + ".wav")
        try TestMedia.sox(["-r", "44100", "-c", "2", "-b", "16", "-e", "signed-integer", "-n", wav,
                           "synth", "\(frames)s", "sine", "\(frequency)", "vol", "0.5"])
        return wav
    }

    /// Root-mean-square difference between two equal-length runs of samples.
    func rmsDifference(_ a: ArraySlice<Int16>, _ b: ArraySlice<Int16>) -> Double {
        let sum = zip(a, b).reduce(0.0) { $0 + pow(Double($1.0) - Double($1.1), 2) }
        return (sum / Double(max(1, a.count))).squareRoot()
    }

    @Test func m4aDecodesToTheSourceLengthAndAlignment() throws {
        let frames = 100_000    // not a multiple of 1024: the last packet is partly padding
        let wav = try tone("t", frames: frames)
        let m4a = dir.file("t.m4a")
        try TestMedia.ffmpeg(wav, to: m4a)
        let decoder = try DecoderRegistry.open(path: m4a)
        #expect(decoder.format == AudioFormat(sampleRate: 44100, channels: 2, sampleFormat: .int16))
        #expect(decoder.totalFrames == Int64(frames))
        let got = try readInt16(decoder)
        #expect(got.count == frames * 2)
        let source = try TestMedia.readWAV(wav).samples
        // Lossy, but aligned to the sample: the difference at shift 0 is far below a one-sample shift's.
        let aligned = rmsDifference(got[4410..<(4410 + 8820)], source[4410..<(4410 + 8820)])
        let shifted = rmsDifference(got[4412..<(4412 + 8820)], source[4410..<(4410 + 8820)])
        print("m4a vs source: rms \(aligned) aligned, \(shifted) one frame off")
        #expect(aligned < 400 && aligned * 3 < shifted)
    }

    @Test func seekIsSampleAccurate() throws {
        let wav = try tone("s", frames: 200_000, frequency: 1234)
        let m4a = dir.file("s.m4a")
        // Without perceptual noise substitution: PNS bands are filled with random noise by the decoder, which no
        // seek can reproduce; everything else must come out identical.
        try TestMedia.ffmpeg(wav, to: m4a, options: ["-aac_pns", "0"])
        let whole = try readInt16(try DecoderRegistry.open(path: m4a))
        for target in [0, 1, 1023, 1024, 50_000, 123_457, 199_000] {
            let decoder = try DecoderRegistry.open(path: m4a)
            _ = try readInt16(decoder, maxFrames: 3000)    // seek from somewhere else
            try decoder.seek(toFrame: Int64(target))
            let got = try readInt16(decoder, maxFrames: 2048)
            let want = whole[(target * 2)..<min(whole.count, target * 2 + got.count)]
            #expect(got.count == want.count)
            let differ = zip(want, got).filter { $0 != $1 }.count
            #expect(differ == 0, "seek to \(target): \(differ) samples differ")
        }
    }

    @Test func adtsDecodesEveryFrame() throws {
        let wav = try tone("a", frames: 44100)
        let aac = dir.file("a.aac")
        try TestMedia.ffmpeg(wav, to: aac)
        let decoder = try DecoderRegistry.open(path: aac)
        let total = try #require(decoder.totalFrames)
        // Every frame but the first (encoder priming, which faad does not output).
        #expect(total % 1024 == 0 && total >= 44100 && total <= 44100 + 2 * 1024)
        let all = try readInt16(decoder)
        #expect(all.count == Int(total) * 2, "\(all.count / 2) of \(total) frames")
        try decoder.seek(toFrame: 20_000)
        #expect(try readInt16(decoder).count == Int(total - 20_000) * 2)
    }

    @Test func alacIsAnUnsupportedCodecNamedInTheError() throws {
        let wav = try tone("l", frames: 10_000)
        let m4a = dir.file("l.m4a")
        try TestMedia.ffmpeg(wav, to: m4a, codec: "alac")
        let error = try #require(openError(m4a))
        #expect(error.kind == .unsupportedCodec("ALAC"))
        #expect(error.message.contains("ALAC"))
    }

    @Test func ilstTagsBecomeTrackTags() throws {
        let wav = try tone("g", frames: 20_000)
        let cover = dir.file("cover.png")
        try Command.check("sox", ["-n", "-r", "8000", "-c", "1", dir.file("c.wav"), "trim", "0", "1"])
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 7, count: 200))
            .write(to: URL(fileURLWithPath: cover))
        let m4a = dir.file("g.m4a")
        try TestMedia.ffmpeg(wav, to: m4a, options: [
            "-metadata", "title=Das Lied", "-metadata", "artist=Die Band", "-metadata", "album=Album",
            "-metadata", "album_artist=Various", "-metadata", "track=3/12", "-metadata", "disc=1/2",
            "-metadata", "genre=Krautrock", "-metadata", "date=1972", "-metadata", "composer=K. Schulze",
            "-metadata", "lyrics=la la la", "-metadata", "comment=ok",
        ])
        let tags = try DecoderRegistry.open(path: m4a).tags
        #expect(tags.title == "Das Lied")
        #expect(tags.artists == ["Die Band"])
        #expect(tags.album == "Album")
        #expect(tags.albumArtists == ["Various"])
        #expect(tags.trackNumber == 3 && tags.trackCount == 12)
        #expect(tags.discNumber == 1 && tags.discCount == 2)
        #expect(tags.genres == ["Krautrock"])
        #expect(tags.date == "1972")
        #expect(tags.composers == ["K. Schulze"])
        #expect(tags.lyrics == "la la la")
        #expect(tags.comments == ["ok"])
    }
}
