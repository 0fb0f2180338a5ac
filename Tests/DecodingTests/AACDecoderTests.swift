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
        try TestMedia.sox([
            "-r", "44100", "-c", "2", "-b", "16", "-e", "signed-integer", "-n", wav,
            "synth", "\(frames)s", "sine", "\(frequency)", "vol", "0.5"
        ])
        return wav
    }

    /// Root-mean-square difference between two equal-length runs of samples.
    func rmsDifference(_ a: ArraySlice<Int16>, _ b: ArraySlice<Int16>) -> Double {
        let sum = zip(a, b).reduce(0.0) { $0 + pow(Double($1.0) - Double($1.1), 2) }
        return (sum / Double(max(1, a.count))).squareRoot()
    }

    @Test func m4aDecodesToTheSourceLengthAndAlignment() throws {
        let frames = 100_000  // not a multiple of 1024: the last packet is partly padding
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
            _ = try readInt16(decoder, maxFrames: 3000)  // seek from somewhere else
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
        try TestMedia.ffmpeg(
            wav, to: m4a,
            options: [
                "-metadata", "title=Das Lied", "-metadata", "artist=Die Band", "-metadata", "album=Album",
                "-metadata", "album_artist=Various", "-metadata", "track=3/12", "-metadata", "disc=1/2",
                "-metadata", "genre=Krautrock", "-metadata", "date=1972", "-metadata", "composer=K. Schulze",
                "-metadata", "lyrics=la la la", "-metadata", "comment=ok"
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

    @Test func freeformAtomsCoverAndLyricsFromATagger() throws {
        let wav = try tone("f", frames: 20_000)
        let m4a = dir.file("f.m4a"), jpeg = dir.file("cover.jpg")
        try TestMedia.ffmpeg(wav, to: m4a)
        try TestMedia.jpeg(jpeg)
        try TestMedia.tagMP4(
            m4a, text: ["©nam": "Frei", "©lyr": "[00:01.00]eins\n[00:02.00]zwei"],
            freeform: ["ARTISTS": "Eine", "COMPOSER": "Ignored: ©wrt wins"], cover: jpeg)
        try TestMedia.tagMP4(m4a, text: ["©wrt": "Komponist"])
        let tags = try DecoderRegistry.open(path: m4a).tags
        #expect(tags.title == "Frei")
        #expect(tags.artists == ["Eine"])  // only the freeform atom names artists
        #expect(tags.composers == ["Komponist"])  // the standard atom comes first
        #expect(tags.lyrics == "[00:01.00]eins\n[00:02.00]zwei")
        let picture = try #require(tags.picture)
        #expect(picture.mimeType == "image/jpeg" && picture.pictureType == 3)
        #expect(picture.data == [UInt8](try Data(contentsOf: URL(fileURLWithPath: jpeg))))
    }

    /// Without an edit list, iTunes' iTunSMPB note gives the delay, padding and exact length.
    @Test func iTunSMPBTrimsWhenThereIsNoEditList() throws {
        let frames = 30_000
        let wav = try tone("n", frames: frames, frequency: 700)
        let m4a = dir.file("n.m4a")
        try TestMedia.ffmpeg(wav, to: m4a, options: ["-use_editlist", "0"])
        let plain = try DecoderRegistry.open(path: m4a)
        #expect(plain.totalFrames != Int64(frames))  // untrimmed: the priming and padding are counted
        let packets = (frames + 1024 + 1023) / 1024
        let padding = packets * 1024 - 1024 - frames
        let note = String(format: " 00000000 %08X %08X %016X 00000000", 1024, padding, frames)
        try TestMedia.tagMP4(m4a, freeform: ["iTunSMPB": note])
        let decoder = try DecoderRegistry.open(path: m4a)
        #expect(decoder.totalFrames == Int64(frames))
        let got = try readInt16(decoder)
        #expect(got.count == frames * 2)
        let source = try TestMedia.readWAV(wav).samples
        let aligned = rmsDifference(got[2000..<10000], source[2000..<10000])
        let shifted = rmsDifference(got[2002..<10002], source[2000..<10000])
        #expect(aligned * 3 < shifted, "rms \(aligned) aligned vs \(shifted) shifted")
    }

    /// Damaged files: a clear typed error, never a trap.
    @Test func damagedFilesGiveTypedErrors() throws {
        let wav = try tone("d", frames: 44100)
        let atEnd = dir.file("end.m4a"), atStart = dir.file("start.m4a")
        try TestMedia.ffmpeg(wav, to: atEnd)
        try TestMedia.ffmpeg(wav, to: atStart, options: ["-movflags", "+faststart"])
        // moov after mdat, cut off: no movie at all.
        let cutEnd = dir.file("cut-end.m4a")
        try TestMedia.truncatedCopy(of: atEnd, to: cutEnd, fraction: 0.5)
        let noMovie = try #require(openError(cutEnd))
        #expect(noMovie.kind == .truncated && noMovie.message.contains("no moov box"), "\(noMovie)")
        // moov first, media cut off: plays what is there, then says the file ends inside a packet.
        let cutStart = dir.file("cut-start.m4a")
        try TestMedia.truncatedCopy(of: atStart, to: cutStart, fraction: 0.5)
        let decoder = try DecoderRegistry.open(path: cutStart)
        let (frames, error) = drain(decoder)
        #expect(frames > 10_000 && frames < 44100)
        #expect(error?.kind == .truncated, "\(String(describing: error))")
        // Garbage named .m4a, and an ftyp followed by garbage.
        let junk = dir.file("junk.m4a")
        try TestMedia.randomFile(junk, count: 5000)
        #expect(openError(junk) != nil)
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: atStart)))
        for i in stride(from: 40, to: min(bytes.count, 1500), by: 7) { bytes[i] ^= 0x5A }
        let mangled = dir.file("mangled.m4a")
        try Data(bytes).write(to: URL(fileURLWithPath: mangled))
        if let d = try? DecoderRegistry.open(path: mangled) { _ = drain(d) }  // any outcome but a crash
    }
}
