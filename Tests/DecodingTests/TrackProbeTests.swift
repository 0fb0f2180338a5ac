import Foundation
import PlayerCore
import Testing
import TestSupport

@testable import Decoding
@testable import Tagging

/// TrackProbe: what the headers of FLAC, Ogg Vorbis/Opus and WAV say is what the decoders say (so the queue and
/// the library can skip libsndfile), and everything the headers do not fully describe goes to the decoder.
@Suite struct TrackProbeTests {
    static let demo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("data/demo").path

    /// The summary from the headers and from the decoder, field by field.
    private func expectHeadersMatchDecoder(_ path: String, _ note: String) throws {
        let source = try FileByteSource(path: path)
        let fromHeaders = try #require(try TrackProbe.fromHeaders(source), "\(note): headers not used")
        let decoded = TrackSummary(try DecoderRegistry.open(path: path))
        #expect(fromHeaders.sampleRate == decoded.sampleRate, "\(note)")
        #expect(fromHeaders.channels == decoded.channels, "\(note)")
        #expect(fromHeaders.durationMicroseconds == decoded.durationMicroseconds, "\(note)")
        #expect(fromHeaders.isSeekable == decoded.isSeekable, "\(note)")
        #expect(fromHeaders.tags == decoded.tags, "\(note)")
        #expect(try TrackProbe.summary(path: path).durationMicroseconds == decoded.durationMicroseconds, "\(note)")
    }

    @Test func headersSayWhatTheDecodersSay() throws {
        let dir = try TemporaryDirectory()
        let odd = 2 * 44100 + 1234  // not a multiple of any codec's block
        try TestMedia.countingWAV(dir.file("s16.wav"), frames: odd)
        try TestMedia.countingWAV(dir.file("mono8k.wav"), frames: 8000 + 7, rate: 8000, channels: 1)
        try TestMedia.sineWAV(dir.file("s24.wav"), seconds: 1.37, bits: 24)
        try TestMedia.sineWAV(dir.file("s24-48k-mono.wav"), seconds: 0.91, rate: 48000, channels: 1, bits: 24)
        try TestMedia.sox([
            "-r", "44100", "-c", "2", "-b", "32", "-e", "floating-point", "-n", dir.file("f32.wav"),
            "synth", "1.1", "sine", "300"
        ])
        try TestMedia.sox([
            "-r", "22050", "-c", "1", "-b", "8", "-e", "unsigned-integer", "-n", dir.file("u8.wav"),
            "synth", "0.7", "sine", "300"
        ])
        try TestMedia.sox([
            "-r", "96000", "-c", "6", "-b", "16", "-n", dir.file("6ch.wav"), "synth", "0.3", "sine", "200"
        ])
        try TestMedia.flac(
            dir.file("s16.wav"), to: dir.file("s16.flac"), options: ["-T", "TITLE=Birch", "-T", "ARTIST=Ö"])
        try TestMedia.flac(dir.file("s24.wav"), to: dir.file("s24.flac"))
        try TestMedia.flac(dir.file("mono8k.wav"), to: dir.file("mono8k.flac"))
        try TestMedia.vorbis(
            dir.file("s16.wav"), to: dir.file("v.ogg"), options: ["-t", "Kestrel", "-a", "A", "-N", "3"])
        try TestMedia.vorbis(dir.file("s24-48k-mono.wav"), to: dir.file("v48.ogg"))
        try TestMedia.opus(dir.file("s16.wav"), to: dir.file("o44.opus"), options: ["--title", "夜曲"])
        try TestMedia.opus(dir.file("s24-48k-mono.wav"), to: dir.file("o48.opus"))
        try TestMedia.sox([dir.file("s16.wav"), "-r", "16000", dir.file("s16-16k.wav")])
        try TestMedia.opus(dir.file("s16-16k.wav"), to: dir.file("o16.opus"))
        for name in [
            "s16.wav", "mono8k.wav", "s24.wav", "s24-48k-mono.wav", "f32.wav", "u8.wav", "6ch.wav", "s16.flac",
            "s24.flac", "mono8k.flac", "v.ogg", "v48.ogg", "o44.opus", "o48.opus", "o16.opus"
        ] {
            try expectHeadersMatchDecoder(dir.file(name), name)
        }
        for name in ["02-chords.flac", "05-pluck.ogg", "06-bass.opus", "07-untagged.wav"] {
            try expectHeadersMatchDecoder(Self.demo + "/" + name, name)
        }
        #expect(try TrackProbe.summary(path: dir.file("s16.flac")).tags.title == "Birch")
        #expect(try TrackProbe.summary(path: dir.file("o44.opus")).tags.title == "夜曲")
    }

    /// Files the headers do not fully describe are summarised by their decoder, exactly as before.
    @Test func theRestGoesToTheDecoder() throws {
        let dir = try TemporaryDirectory()
        try TestMedia.countingWAV(dir.file("s16.wav"), frames: 44100)
        // RIFF INFO tags (only libsndfile reads them), a cut-off Ogg file, AIFF, MP3.
        try TestMedia.sox([dir.file("s16.wav"), dir.file("tagged.wav")])
        try appendInfoChunk(dir.file("tagged.wav"), title: "Cedar")
        try TestMedia.vorbis(dir.file("s16.wav"), to: dir.file("v.ogg"))
        try TestMedia.truncatedCopy(of: dir.file("v.ogg"), to: dir.file("cut.ogg"), fraction: 0.6)
        try TestMedia.convert(dir.file("s16.wav"), to: dir.file("t.aiff"))
        try TestMedia.lame(dir.file("s16.wav"), to: dir.file("t.mp3"))
        for name in ["tagged.wav", "cut.ogg", "t.aiff", "t.mp3"] {
            #expect(try TrackProbe.fromHeaders(try FileByteSource(path: dir.file(name))) == nil, "\(name)")
            let probed = try TrackProbe.summary(path: dir.file(name))
            let decoded = TrackSummary(try DecoderRegistry.open(path: dir.file(name)))
            #expect(probed.durationMicroseconds == decoded.durationMicroseconds, "\(name)")
            #expect(probed.tags == decoded.tags, "\(name)")
        }
        #expect(try TrackProbe.summary(path: dir.file("tagged.wav")).tags.title == "Cedar")
        #expect(try TrackProbe.summary(path: dir.file("cut.ogg")).durationMicroseconds == nil)
    }

    /// Bad files fail as opening them to play fails: same kind, nothing crashes.
    @Test func badFilesFailLikeTheDecoder() throws {
        let dir = try TemporaryDirectory()
        try TestMedia.randomFile(dir.file("noise.flac"), count: 5000)
        try Data("fLaC".utf8).write(to: URL(fileURLWithPath: dir.file("stub.flac")))
        try Data("RIFF\u{FF}\u{FF}\u{FF}\u{FF}WAVEdata\u{FF}\u{FF}\u{FF}\u{FF}".utf8)
            .write(to: URL(fileURLWithPath: dir.file("huge.wav")))
        try Data("OggS".utf8 + [0, 2] + [UInt8](repeating: 0xFF, count: 40))
            .write(to: URL(fileURLWithPath: dir.file("page.ogg")))
        try Data().write(to: URL(fileURLWithPath: dir.file("empty.ogg")))
        for name in ["noise.flac", "stub.flac", "huge.wav", "page.ogg", "empty.ogg", "missing.wav"] {
            let probe = Result { () throws(DecodeError) in try TrackProbe.summary(path: dir.file(name)) }
            let open = Result { () throws(DecodeError) in try DecoderRegistry.open(path: dir.file(name)) }
            switch (probe, open) {
            case (.failure(let a), .failure(let b)): #expect(a.kind == b.kind, "\(name): \(a) vs \(b)")
            case (.success(let s), .success(let d)):
                #expect(s.durationMicroseconds == TrackSummary(d).durationMicroseconds, "\(name)")
            default: Issue.record("\(name): probe \(probe) but decoder \(open)")
            }
        }
    }

    @Test func oggLastPageMustBeWholeAndOurs() throws {
        let dir = try TemporaryDirectory()
        try TestMedia.countingWAV(dir.file("s16.wav"), frames: 44100)
        try TestMedia.vorbis(dir.file("s16.wav"), to: dir.file("x.ogg"))
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: dir.file("x.ogg"))))
        let header = try OggStreamHeader.read(from: BytesInput(bytes))
        let granule = try #require(OggStreamHeader.lastGranule(in: bytes, serial: header.serial))
        #expect(granule == 44100)
        #expect(OggStreamHeader.lastGranule(in: bytes, serial: header.serial &+ 1) == nil)  // another stream's
        var flipped = bytes
        flipped[flipped.count - 1] ^= 0x01  // the last page's CRC no longer matches
        #expect(OggStreamHeader.lastGranule(in: flipped, serial: header.serial) == nil)
        #expect(OggStreamHeader.lastGranule(in: bytes + [0], serial: header.serial) == nil)  // junk after it
        #expect(OggStreamHeader.lastGranule(in: Array(bytes.dropLast(10)), serial: header.serial) == nil)
        #expect(OggStreamHeader.lastGranule(in: [], serial: 0) == nil)
    }

    @Test func waveSizesFromTheFileNeverTrap() throws {
        func wave(_ chunks: [(String, UInt32, [UInt8])]) -> [UInt8] {
            var b = Array("RIFF".utf8) + [0xFF, 0xFF, 0xFF, 0xFF] + Array("WAVE".utf8)
            for (id, size, body) in chunks {
                b += Array(id.utf8) + withUnsafeBytes(of: size.littleEndian, Array.init) + body
            }
            return b
        }
        let fmt: [UInt8] = [1, 0, 2, 0, 0x44, 0xAC, 0, 0, 0x10, 0xB1, 2, 0, 4, 0, 16, 0]
        // A data chunk that claims 4 GB in a 1,000-byte file counts the bytes that are there (libsndfile's rule).
        let cut = wave([("fmt ", 16, fmt), ("data", 0xFFFF_FFFF, [UInt8](repeating: 0, count: 956))])
        let h = try WaveHeader.read(from: BytesInput(cut), fileLength: Int64(cut.count))
        #expect(h.frames == 239 && h.sampleRate == 44100 && h.channels == 2)
        // A chunk whose size runs past the end, before any data chunk: no data, an error, no trap.
        let lying = wave([("fmt ", 16, fmt), ("junk", 0xFFFF_FFF0, [1, 2, 3])])
        #expect(throws: TagError.self) { try WaveHeader.read(from: BytesInput(lying), fileLength: Int64(lying.count)) }
        // ADPCM (format 2) is libsndfile's to describe.
        var adpcm = fmt
        adpcm[0] = 2
        let compressed = wave([("fmt ", 16, adpcm), ("data", 4, [0, 0, 0, 0])])
        #expect(throws: TagError.self) {
            try WaveHeader.read(from: BytesInput(compressed), fileLength: Int64(compressed.count))
        }
    }

    /// Appends a LIST/INFO chunk with an INAM (title) and fixes the RIFF size.
    private func appendInfoChunk(_ path: String, title: String) throws {
        var d = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        var value = Array(title.utf8) + [0]
        if value.count % 2 == 1 { value.append(0) }
        let inam = Array("INAM".utf8) + withUnsafeBytes(of: UInt32(value.count).littleEndian, Array.init) + value
        let list = Array("INFO".utf8) + inam
        d += Array("LIST".utf8) + withUnsafeBytes(of: UInt32(list.count).littleEndian, Array.init) + list
        let riff = UInt32(d.count - 8).littleEndian
        withUnsafeBytes(of: riff) { for i in 0..<4 { d[4 + i] = $0[i] } }
        try Data(d).write(to: URL(fileURLWithPath: path))
    }
}
