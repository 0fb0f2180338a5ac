import Testing
@testable import PlayerCore

@Suite struct RecordingSettingsTests {
    @Test func defaultsFollowTheExtension() throws {
        let wav = try RecordingSettings.make(path: "/tmp/a.WAV", [:])
        #expect(wav.container == .wav && wav.bits == .s16 && wav.sampleRate == 44_100 && wav.channels == 2)
        #expect(wav.source == .defaultSource && wav.quality == nil && wav.capturesInt16)
        let opus = try RecordingSettings.make(path: "/tmp/a.opus", [:])
        #expect(opus.container == .opus && opus.sampleRate == 48_000 && opus.bits == nil && !opus.capturesInt16)
        #expect(try RecordingSettings.make(path: "/tmp/a.oga", [:]).container == .ogg)
        #expect(try RecordingSettings.make(path: "/tmp/x", ["format": .string("CAF")]).container == .caf)
    }

    @Test func sources() throws {
        #expect(try RecordingSettings.make(path: "/a.wav", ["source": .string("@monitor")]).source == .defaultMonitor)
        #expect(try RecordingSettings.make(path: "/a.wav", ["source": .string("mic")]).source == .named("mic"))
    }

    @Test func everyValidCombination() throws {
        for bits in ["s16", "s24", "s32", "float"] {
            #expect(try RecordingSettings.make(path: "/a.wav", ["bits": .string(bits)]).bits?.rawValue == bits)
            #expect(try RecordingSettings.make(path: "/a.caf", ["bits": .string(bits)]).bits?.rawValue == bits)
        }
        let flac = try RecordingSettings.make(
            path: "/a.flac", ["bits": .string("s24"), "quality": .double(1), "rate": .unsigned(96_000)])
        #expect(flac.bits == .s24 && flac.quality == 1 && flac.sampleRate == 96_000)
        #expect(
            try RecordingSettings.make(path: "/a.ogg", ["quality": .double(0), "channels": .unsigned(1)]).channels == 1)
    }

    @Test func invalidCombinationsNameTheirKey() {
        let cases: [(String, [String: RecordingSettings.Value], String)] = [
            ("/a.flac", ["bits": .string("s32")], "bits"),
            ("/a.flac", ["bits": .string("float")], "bits"),
            ("/a.ogg", ["bits": .string("s16")], "bits"),
            ("/a.opus", ["rate": .unsigned(44_100)], "rate"),
            ("/a.opus", ["channels": .unsigned(6)], "channels"),
            ("/a.wav", ["quality": .double(0.5)], "quality"),
            ("/a.ogg", ["quality": .double(-0.1)], "quality"),
            ("/a.ogg", ["quality": .double(.nan)], "quality"),
            ("/a.wav", ["quality": .string("high")], "quality"),
            ("/a.wav", ["rate": .unsigned(10)], "rate"),
            ("/a.wav", ["rate": .unsigned(UInt64.max)], "rate"),
            ("/a.wav", ["channels": .unsigned(9)], "channels"),
            ("/a.wav", ["bits": .string("8")], "bits"),
            ("/a.wav", ["source": .unsigned(1)], "source"),
            ("/a.wav", ["bitrate": .unsigned(1)], "bitrate"),
            ("/a.mp3", [:], "format"),
            ("/a", [:], "format"),
            ("/dir.d/file", [:], "format"),
            ("/a.wav", ["format": .string("mp3")], "format"),
            ("a.wav", [:], "path"),
            ("/music/", [:], "path")
        ]
        for (path, settings, key) in cases {
            #expect(throws: RecordingSettings.Invalid.self, "\(path) \(settings)") {
                try RecordingSettings.make(path: path, settings)
            }
            do { _ = try RecordingSettings.make(path: path, settings) } catch { #expect(error.key == key, "\(error)") }
        }
    }
}
