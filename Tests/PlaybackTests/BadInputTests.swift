import Foundation
import PlayerCore
import Testing
import TestSupport

extension PlaybackIntegration {
    /// Broken inputs never crash the engine; each reports an error naming the item, and playback moves on.
    @Suite(.serialized) struct BadInputPlaybackTests {
        func errors(_ log: EventLog) -> [(PlaybackItemID?, PlaybackError)] {
            log.all.compactMap {
                if case .error(let item, let e) = $0.event { return (item?.id, e) } else { return nil }
            }
        }

        @Test func brokenFilesAreSkippedWithErrors() throws {
            let dir = try TemporaryDirectory(prefix: "linnet-bad")
            let good = dir.file("good.wav")
            try Command.check("sox", ["-r", "44100", "-c", "2", "-b", "16", "-n", good, "synth", "0.5", "sine", "440"])
            _ = FileManager.default.createFile(atPath: dir.file("empty.mp3"), contents: Data())
            var rng = SystemRandomNumberGenerator()
            let noise = Data((0..<50_000).map { _ in UInt8.random(in: 0...255, using: &rng) })
            _ = FileManager.default.createFile(atPath: dir.file("random.flac"), contents: noise)
            _ = FileManager.default.createFile(atPath: dir.file("random.mp3"), contents: noise)
            try FileManager.default.createDirectory(atPath: dir.file("folder.flac"), withIntermediateDirectories: true)
            let bad = ["empty.mp3", "random.flac", "random.mp3", "folder.flac", "missing.wav"]
                .map { PlaybackItem(id: .name($0), location: dir.file($0)) }

            let h = try EngineHarness()
            h.log.upcoming.set(Array(bad.dropFirst()) + [PlaybackItem(id: "good", location: good)])
            h.engine.play(bad[0])
            #expect(h.log.wait(timeout: 20, isTrackStarted("good")) != nil)
            #expect(h.log.wait(timeout: 20, isEndOfQueue) != nil)
            let reported = errors(h.log)
            print("bad inputs: " + reported.map { "\($0.0 ?? "-"): \($0.1)" }.joined(separator: " | "))
            #expect(reported.map(\.0) == bad.map(\.id))
            #expect(h.engine.state == .stopped)
        }

        @Test func truncatedAndDeletedWhilePlaying() throws {
            let dir = try TemporaryDirectory(prefix: "linnet-bad")
            let wav = dir.file("t.wav"), flac = dir.file("t.flac")
            try Command.check("sox", ["-r", "44100", "-c", "2", "-b", "16", "-n", wav, "synth", "2", "sine", "440"])
            try Command.check("flac", ["-s", "-f", "-o", flac, wav])
            let data = try Data(contentsOf: URL(fileURLWithPath: flac))
            let truncated = dir.file("truncated.flac")
            _ = FileManager.default.createFile(atPath: truncated, contents: data.prefix(data.count / 2))
            let doomed = dir.file("doomed.flac")
            try data.write(to: URL(fileURLWithPath: doomed))

            let h = try EngineHarness()
            h.log.upcoming.set([PlaybackItem(id: "doomed", location: doomed)])
            h.engine.play(PlaybackItem(id: "truncated", location: truncated))
            #expect(h.log.wait(timeout: 20, isTrackStarted("doomed")) != nil)
            try FileManager.default.removeItem(atPath: doomed)
            #expect(h.log.wait(timeout: 20, isEndOfQueue) != nil, "events: \(h.log.all.map { "\($0.event)" })")
            let reported = errors(h.log)
            print("truncated/deleted: " + reported.map { "\($0.0 ?? "-"): \($0.1)" }.joined(separator: " | "))
            #expect(h.engine.state == .stopped)
            // A truncated FLAC either ends early with an error or plays what is there; it must not hang or crash.
            let finished = h.log.all.compactMap {
                if case .trackFinished(let i) = $0.event { return i.id } else { return nil }
            }
            #expect(finished.contains("truncated"))
        }
    }
}
