import Decoding
import Foundation
import PlayerCore
import Testing
import TestSupport

extension PlaybackIntegration {
    /// Sample specs from a file header that C types cannot hold (issue 9): a typed error for the item, never a trap.
    @Suite(.serialized) struct ExtremeFormatTests {
        @Test func headerFormatsBeyondPulseTypesAreErrorsNotTraps() throws {
            let dir = try TemporaryDirectory(prefix: "linnet-extreme")
            // 300 channels: libsndfile reads it (up to 1024), pa_sample_spec holds at most 255 in a UInt8.
            let wide = dir.file("wide.wav")
            try TestMedia.writeWAV(wide, samples: [Int16](repeating: 0, count: 300 * 4410), rate: 44100, channels: 300)
            let decoder = try DecoderRegistry.open(path: wide)
            #expect(decoder.format.channels == 300, "libsndfile should read the 300-channel header")
            // A rate libpulse rejects (and that a UInt32 still holds): the same typed error.
            let fast = dir.file("fast.wav")
            try TestMedia.writeWAV(
                fast, samples: [Int16](repeating: 0, count: 2 * 4410), rate: 1_000_000_000, channels: 2)
            let good = dir.file("good.wav")
            try TestMedia.sineWAV(good, seconds: 0.5)

            let h = try EngineHarness()
            func isError(_ id: String) -> (PlaybackEvent) -> Bool {
                { if case .error(let item, _) = $0 { item?.id == .name(id) } else { false } }
            }
            // An output error stops the engine (the service moves past the entry); each is played on its own.
            for id in ["wide", "fast"] {
                h.engine.play(PlaybackItem(id: .name(id), location: id == "wide" ? wide : fast))
                #expect(h.log.wait(timeout: 20, isError(id)) != nil, "\(id): no error reported")
            }
            let errors = h.log.all.compactMap { e -> (PlaybackItemID?, PlaybackError)? in
                if case .error(let item, let error) = e.event { return (item?.id, error) } else { return nil }
            }
            print("extreme formats: " + errors.map { "\($0.0?.description ?? "-"): \($0.1)" }.joined(separator: " | "))
            #expect(errors.map(\.0) == ["wide", "fast"])
            for (_, error) in errors {
                guard case .output(let e) = error else {
                    // A decoder may refuse the rate first: also a typed error for the item.
                    if case .decode = error { continue }
                    Issue.record("unexpected error \(error)"); continue
                }
                #expect(e.kind == .streamFailed, "\(e)")
            }
            // The engine is still usable.
            h.engine.play(PlaybackItem(id: "good", location: good))
            #expect(h.log.wait(timeout: 20, isTrackStarted("good")) != nil)
        }
    }
}

extension PlaybackIntegration.ExtremeFormatTests {
    /// An MP3 whose Xing/Info header claims 2^32 − 1 frames: mpg123 reports ~4.9e12 samples (a 3.5-year track); a
    /// seek near that claimed end takes µs × rate to ~4.9e18, within a factor 2 of Int64.max (the saturating
    /// conversion keeps it safe). The engine reports what the stream cannot do and stays usable.
    @Test func lyingXingFrameCountSeeksWithoutTrap() throws {
        let dir = try TemporaryDirectory(prefix: "linnet-extreme")
        try TestMedia.sineWAV(dir.file("s.wav"), seconds: 2)
        try TestMedia.lame(dir.file("s.wav"), to: dir.file("s.mp3"))
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: dir.file("s.mp3"))))
        let tag = try #require(
            (0..<min(bytes.count - 12, 4096)).first { i in
                [Array("Xing".utf8), Array("Info".utf8)].contains(Array(bytes[i..<(i + 4)]))
            })
        #expect(bytes[tag + 7] & 1 == 1, "the tag should carry a frame count")
        for k in 8..<12 { bytes[tag + k] = 0xFF }
        let lying = dir.file("lying.mp3")
        try Data(bytes).write(to: URL(fileURLWithPath: lying))

        let decoder = try DecoderRegistry.open(path: lying)
        let total = try #require(decoder.totalFrames)
        print("lying Xing: \(total) frames, \(decoder.format.microseconds(forFrames: total)) µs")
        #expect(total > 1_000_000_000_000)

        let h = try EngineHarness()
        h.engine.play(PlaybackItem(id: "lying", location: lying))
        #expect(h.log.wait(timeout: 20, isTrackStarted("lying")) != nil)
        let from = h.log.count
        h.engine.seek(toMicroseconds: decoder.format.microseconds(forFrames: total) - 1_000_000)
        // A seek the stream cannot make is an error for the item or the end of the track; either way the engine
        // answers and stays usable.
        #expect(
            h.log.wait(timeout: 20, from: from) { e in
                if case .error = e { return true }
                if case .positionJumped = e { return true }
                return false
            } != nil)
        let good = dir.file("s.wav")
        h.engine.play(PlaybackItem(id: "good", location: good))
        #expect(h.log.wait(timeout: 20, isTrackStarted("good")) != nil)
    }
}
