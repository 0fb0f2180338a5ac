import Decoding
import Foundation
import PlayerCore
import Tagging
import Testing
import TestSupport

/// ReplayGain values from every tag format Linnet reads, and the pure gain arithmetic.
@Suite struct ReplayGainTagTests {
    let dir: TemporaryDirectory

    init() throws { dir = try TemporaryDirectory(prefix: "linnet-rg") }

    func wav() throws -> String {
        let path = dir.file("t.wav")
        try TestMedia.sineWAV(path, seconds: 0.5)
        return path
    }

    @Test func vorbisComments() throws {
        let flac = dir.file("t.flac")
        try TestMedia.flac(
            try wav(), to: flac,
            options: [
                "-T", "REPLAYGAIN_TRACK_GAIN=-7.25 dB",
                "-T", "REPLAYGAIN_TRACK_PEAK=0.912",
                "-T", "replaygain_album_gain=+1.5 dB",
                "-T", "REPLAYGAIN_ALBUM_PEAK=0.99"
            ])
        let rg = try #require(try DecoderRegistry.open(path: flac).tags.replayGain)
        #expect(rg == ReplayGainInfo(trackGain: -7.25, trackPeak: 0.912, albumGain: 1.5, albumPeak: 0.99))
    }

    @Test func id3TXXX() throws {
        let mp3 = dir.file("t.mp3")
        try TestMedia.lame(try wav(), to: mp3)
        // mutagen's mid3v2 (the id3v2 tool keeps only one TXXX frame).
        try Command.check(
            "mid3v2", ["--TXXX", "REPLAYGAIN_TRACK_GAIN:-3.50 dB", "--TXXX", "replaygain_track_peak:0.7", mp3])
        let rg = try #require(try DecoderRegistry.open(path: mp3).tags.replayGain)
        #expect(rg.trackGain == -3.5 && rg.trackPeak == 0.7 && rg.albumGain == nil)
    }

    @Test func mp4FreeformAtoms() throws {
        let m4a = dir.file("t.m4a")
        try TestMedia.ffmpeg(try wav(), to: m4a)
        try TestMedia.tagMP4(
            m4a,
            freeform: [
                "replaygain_track_gain": "-2.00 dB", "replaygain_album_gain": "-4.00 dB",
                "replaygain_album_peak": "0.5"
            ])
        let rg = try #require(try DecoderRegistry.open(path: m4a).tags.replayGain)
        #expect(rg == ReplayGainInfo(trackGain: -2, albumGain: -4, albumPeak: 0.5))
    }

    /// An ID3v2.4 RVA2 frame written by mutagen, read through our frame walker.
    @Test func id3RVA2FromATagger() throws {
        let mp3 = dir.file("r.mp3")
        try TestMedia.lame(try wav(), to: mp3)
        try Command.check(
            "/usr/bin/python3",
            [
                "-c",
                """
                import sys
                from mutagen.id3 import ID3, RVA2
                t = ID3()
                t.add(RVA2(desc="track", channel=1, gain=-6.0, peak=0.5))
                t.save(sys.argv[1])
                """, mp3
            ])
        let rg = try #require(try DecoderRegistry.open(path: mp3).tags.replayGain)
        #expect(rg.trackGain == -6 && abs((rg.trackPeak ?? 0) - 0.5) < 0.001)
    }

    @Test func rva2Frame() throws {
        // "album\0", master volume (1), −6 dB = −3072/512 (0xF400), 16-bit peak 0x4000 = 0.5.
        let body: [UInt8] = Array("album".utf8) + [0, 2, 0x01, 0x00, 16, 0xFF, 0xFF] + [1, 0xF4, 0x00, 16, 0x40, 0x00]
        let a = try VolumeAdjustment.read(BytesInput(body))
        #expect(a.identification == "album" && a.gainDB == -6 && a.peak == 0.5)
        #expect(throws: TagError.self) { try VolumeAdjustment.read(BytesInput(Array("x".utf8) + [0, 2, 0, 0, 0])) }
    }

    @Test func gainArithmetic() {
        #expect(abs(ReplayGain.linear(-6) - 0.501187) < 1e-6)
        #expect(abs(ReplayGain.linear(20) - 10) < 1e-9)
        #expect(ReplayGain.parseGain("-6.50 dB") == -6.5)
        #expect(ReplayGain.parseGain("+1.2 dB") == 1.2)
        #expect(ReplayGain.parseGain("3") == 3)
        #expect(ReplayGain.parseGain("loud") == nil && ReplayGain.parseGain("900 dB") == nil)
        let info = ReplayGainInfo(trackGain: 10, trackPeak: 0.5, albumGain: -3)
        #expect(ReplayGainSettings().factor(for: info) == nil)  // off
        #expect(ReplayGainSettings(useAlbum: false).factor(for: info) == 2)  // peak-limited
        #expect(
            abs(ReplayGainSettings(useAlbum: true, preampDB: -3).factor(for: info)! - ReplayGain.linear(-6)) < 1e-12)
        #expect(ReplayGainSettings(useAlbum: false).factor(for: nil) == nil)
    }
}
