import Foundation
import PlayerCore
import Testing
import TestSupport

extension PlaybackIntegration {
    /// Mono files are played as stereo (each sample on both channels, bit for bit), so balance works on them;
    /// a mono track next to a stereo one of the same rate shares the stream, gapless.
    @Suite(.serialized) struct MonoPlaybackTests {
        let dir: TemporaryDirectory

        init() throws { dir = try TemporaryDirectory(prefix: "linnet-mono") }

        func noise(_ name: String, channels: Int, seconds: Double) throws -> String {
            let path = dir.file(name)
            try Command.check(
                "sox",
                [
                    "-r", "44100", "-c", "\(channels)", "-b", "16", "-n", path, "synth", "\(seconds)",
                    "whitenoise", "vol", "0.5"
                ])
            return path
        }

        /// Plays `items` with `balance` and returns the monitor's recording (s16 stereo).
        func playAndRecord(_ items: [PlaybackItem], balance: Double = 0) throws -> [Int16] {
            let h = try EngineHarness()
            let rec = try h.recorder()
            h.engine.setBalance(balance)
            h.log.upcoming.set(Array(items.dropFirst()))
            h.engine.play(items[0])
            #expect(h.log.wait(timeout: 60, isEndOfQueue) != nil, "no endOfQueue: \(h.log.all.map { "\($0.event)" })")
            _ = rec.waitFor(frames: rec.frameCount + 4410)
            return rec.stop()
        }

        /// The frame where `channel` of the recording starts to equal `mono`'s first 32 samples.
        func start(of mono: [Int16], channel: Int, in got: [Int16]) -> Int? {
            let frames = got.count / 2
            guard frames > mono.count else { return nil }
            for f in 0..<(frames - mono.count) where got[2 * f + channel] == mono[0] {
                if (0..<32).allSatisfy({ got[2 * (f + $0) + channel] == mono[$0] }) { return f }
            }
            return nil
        }

        @Test func monoIsHeardOnBothChannelsBitExact() throws {
            let path = try noise("mono.wav", channels: 1, seconds: 2)
            let mono = try decodeAll(path)
            let got = try playAndRecord([PlaybackItem(id: "mono", location: path)])
            let first = try #require(start(of: mono, channel: 0, in: got), "the file's start was not heard")
            let heard = (0..<mono.count).filter {
                got[2 * (first + $0)] == mono[$0] && got[2 * (first + $0) + 1] == mono[$0]
            }
            #expect(heard.count == mono.count, "\(mono.count - heard.count) of \(mono.count) frames differ")
        }

        @Test(arguments: [1.0, -1.0]) func balanceMovesAMonoTrackToOneSide(_ balance: Double) throws {
            let path = try noise("mono-\(balance).wav", channels: 1, seconds: 1.5)
            let mono = try decodeAll(path)
            let got = try playAndRecord([PlaybackItem(id: "mono", location: path)], balance: balance)
            let loud = balance > 0 ? 1 : 0
            let first = try #require(
                start(of: mono, channel: loud, in: got), "the file was not heard on channel \(loud)")
            let window = first..<(first + mono.count)
            let quietPeak = window.map { abs(Int(got[2 * $0 + 1 - loud])) }.max() ?? -1
            let exact = window.filter { got[2 * $0 + loud] == mono[$0 - first] }.count
            #expect(quietPeak == 0, "the other channel peaks at \(quietPeak)")
            #expect(exact == mono.count, "the loud channel differs in \(mono.count - exact) frames")
        }

        @Test func monoThenStereoOfTheSameRateIsGapless() throws {
            let a = try noise("a-mono.wav", channels: 1, seconds: 1)
            let b = try noise("b-stereo.wav", channels: 2, seconds: 1)
            let mono = try decodeAll(a), stereo = try decodeAll(b)
            let got = try playAndRecord([PlaybackItem(id: "a", location: a), PlaybackItem(id: "b", location: b)])
            let first = try #require(start(of: mono, channel: 0, in: got))
            let junction = 2 * (first + mono.count)
            try #require(got.count >= junction + stereo.count)
            // B's first frame right after A's last one: nothing between, nothing dropped.
            #expect(
                Array(got[junction..<(junction + stereo.count)]) == stereo, "the stereo track does not follow at once")
        }
    }
}
