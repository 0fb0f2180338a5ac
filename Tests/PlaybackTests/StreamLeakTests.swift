import Foundation
import PlayerCore
import Testing
import TestSupport

extension PlaybackIntegration {
    /// Streams replaced before the server confirmed them (issue 9): each quick format change used to leave a
    /// sink input behind on the server, playing for good, until the sink's input limit made every new stream
    /// fail with "Too large".
    @Suite(.serialized) struct StreamLeakTests {
        func waitForSinkInputs(_ h: EngineHarness, count: Int, timeout: Double = 5) throws -> Int {
            let deadline = Date().addingTimeInterval(timeout)
            var n = try h.server.sinkInputs().count
            while n != count && Date() < deadline {
                Thread.sleep(forTimeInterval: 0.05)  // polling the server with a deadline
                n = try h.server.sinkInputs().count
            }
            return n
        }

        @Test func streamsReplacedWhileConnectingAreClosedOnTheServer() throws {
            let h = try EngineHarness()
            // Alternate sample rates so every play() opens a new stream while the previous one is still connecting.
            for i in 0..<120 {
                let location = i % 2 == 0 ? "counter:0:\(44100 * 5)" : "counter48k:0:\(48000 * 5)"
                h.engine.play(PlaybackItem(id: .name("t\(i)"), location: location))
                if i % 10 == 0 { Thread.sleep(forTimeInterval: 0.002) }  // vary the interleaving a little
            }
            #expect(h.log.wait(isTrackStarted("t119")) != nil)
            let left = try waitForSinkInputs(h, count: 1)
            #expect(left == 1, "sink inputs left on the server: \(left)")
            h.engine.stop()
            #expect(try waitForSinkInputs(h, count: 0) == 0)
            // And the server still takes a new stream.
            h.engine.play(PlaybackItem(id: "after", location: "counter:0:44100"))
            #expect(h.log.wait(isTrackStarted("after")) != nil)
        }
    }
}
