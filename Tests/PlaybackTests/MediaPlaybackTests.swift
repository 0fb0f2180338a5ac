import Foundation
import PlayerCore
import Testing
import TestSupport

extension PlaybackIntegration {
    /// Real files through the real decoders: bit-exact WAV/FLAC, gapless junctions of a sweep cut in two.
    @Suite(.serialized) struct MediaPlaybackTests {
        let dir: TemporaryDirectory

        init() throws {
            dir = try TemporaryDirectory(prefix: "linnet-media")
        }

        func sox(_ args: [String]) throws { try Command.check("sox", args) }

        /// Plays `items` back to back and returns the recording of the monitor.
        func playAndRecord(_ items: [PlaybackItem]) throws -> (samples: [Int16], log: EventLog) {
            let h = try EngineHarness()
            let rec = try h.recorder()
            h.log.upcoming.set(Array(items.dropFirst()))
            h.engine.play(items[0])
            let end = h.log.wait(timeout: 60, isEndOfQueue)
            #expect(end != nil, "no endOfQueue; events: \(h.log.all.map { "\($0.event)" })")
            _ = rec.waitFor(frames: rec.frameCount + 4410)
            return (rec.stop(), h.log)
        }

        @Test(arguments: ["wav", "flac"]) func bitExact(_ ext: String) throws {
            let wav = dir.file("noise.wav")
            try sox(["-r", "44100", "-c", "2", "-b", "16", "-n", wav, "synth", "3", "whitenoise", "vol", "0.5"])
            var path = wav
            if ext == "flac" {
                path = dir.file("noise.flac")
                try Command.check("flac", ["-s", "-f", "-o", path, wav])
            }
            let expected = try decodeAll(path)
            let (got, _) = try playAndRecord([PlaybackItem(id: .name(ext), location: path)])
            // Align on the first 32 samples of the file.
            let key = Array(expected[0..<64])
            let found = findStart(of: key, in: got, limit: got.count - expected.count)
            let start = try #require(found, "file start not found in the recording")
            let slice = Array(got[start..<(start + expected.count)])
            let mismatches = zip(slice, expected).filter { $0 != $1 }.count
            print("bit-exact \(ext): \(expected.count / 2) frames, \(mismatches) samples differ")
            #expect(mismatches == 0)
        }

        func findStart(of key: [Int16], in got: [Int16], limit: Int) -> Int? {
            var i = 0
            while i < limit {
                if got[i] == key[0] && Array(got[i..<(i + key.count)]) == key { return i }
                i += 2
            }
            return nil
        }

        @Test(arguments: ["wav", "flac", "mp3", "m4a"]) func gaplessJunction(_ ext: String) throws {
            let whole = dir.file("sweep.wav")
            try sox(["-r", "44100", "-c", "2", "-b", "16", "-n", whole, "synth", "4", "sine", "200-3000", "vol", "0.5"])
            let a = dir.file("a.wav"), b = dir.file("b.wav")
            try sox([whole, a, "trim", "0", "88200s"])
            try sox([whole, b, "trim", "88200s"])
            var pa = a, pb = b
            switch ext {
            case "flac":
                pa = dir.file("a.flac"); pb = dir.file("b.flac")
                try Command.check("flac", ["-s", "-f", "-o", pa, a])
                try Command.check("flac", ["-s", "-f", "-o", pb, b])
            case "mp3":
                pa = dir.file("a.mp3"); pb = dir.file("b.mp3")
                try Command.check("lame", ["--quiet", "-b", "192", a, pa])
                try Command.check("lame", ["--quiet", "-b", "192", b, pb])
            case "m4a":
                // ffmpeg's AAC: 1024 samples of priming and the padding to a whole packet, both in the edit list.
                pa = dir.file("a.m4a"); pb = dir.file("b.m4a")
                try TestMedia.ffmpeg(a, to: pa)
                try TestMedia.ffmpeg(b, to: pb)
            default: break
            }
            let reference = leftChannel(try decodeAll(whole))
            let (samples, log) = try playAndRecord([
                PlaybackItem(id: "a", location: pa), PlaybackItem(id: "b", location: pb)
            ])
            let rec = leftChannel(samples)
            let guess = try #require(firstSound(rec), "nothing heard")
            let start = bestShift(
                reference: reference, refStart: 4410, length: 2048, recording: rec,
                guess: guess - (firstSound(reference) ?? 0), range: 600)
            // After the junction (frame 88200), the audio must continue at the same alignment: shift = gap.
            let after = bestShift(
                reference: reference, refStart: 88200 + 2205, length: 2048, recording: rec,
                guess: start.shift, range: 3000)
            let gap = after.shift - start.shift
            print("gapless \(ext): gap/overlap at the junction \(gap) samples (rms \(start.rms) / \(after.rms))")
            #expect(gap == 0, "gap (+) or overlap (-) of \(gap) samples")
            let started = log.all.compactMap { e -> PlaybackItemID? in
                if case .trackStarted(let item, _) = e.event { return item.id } else { return nil }
            }
            #expect(started == ["a", "b"])
        }

        /// AAC split at a frame that is not a whole millisecond (the edit list's movie timescale is 1000): the
        /// exact ends come from the sample tables, so the junction still has no gap or overlap.
        @Test func gaplessJunctionM4AOddSplit() throws {
            let split = 100_003
            let whole = dir.file("sweep-odd.wav")
            try sox(["-r", "44100", "-c", "2", "-b", "16", "-n", whole, "synth", "4", "sine", "200-3000", "vol", "0.5"])
            let a = dir.file("odd-a.wav"), b = dir.file("odd-b.wav")
            try sox([whole, a, "trim", "0", "\(split)s"])
            try sox([whole, b, "trim", "\(split)s"])
            let pa = dir.file("odd-a.m4a"), pb = dir.file("odd-b.m4a")
            try TestMedia.ffmpeg(a, to: pa)
            try TestMedia.ffmpeg(b, to: pb)
            let reference = leftChannel(try decodeAll(whole))
            let (samples, _) = try playAndRecord([
                PlaybackItem(id: "a", location: pa), PlaybackItem(id: "b", location: pb)
            ])
            let rec = leftChannel(samples)
            let guess = try #require(firstSound(rec), "nothing heard")
            let start = bestShift(
                reference: reference, refStart: 4410, length: 2048, recording: rec,
                guess: guess - (firstSound(reference) ?? 0), range: 600)
            let after = bestShift(
                reference: reference, refStart: split + 2205, length: 2048, recording: rec,
                guess: start.shift, range: 3000)
            print("gapless m4a, split at frame \(split): gap/overlap \(after.shift - start.shift) samples")
            #expect(after.shift - start.shift == 0)
        }
    }
}
