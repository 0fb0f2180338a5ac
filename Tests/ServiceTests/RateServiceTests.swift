import DBus
import Foundation
import Testing
import TestSupport

extension ServiceSuites {
    /// MPRIS Rate on the running service: honest MinimumRate/MaximumRate, Position advancing at the rate,
    /// SetPosition under a rate, 0.0 meaning Pause, out-of-range values refused.
    @Suite(.serialized) struct RateServiceTests {
        @Test func rateOnTheBus() throws {
            let media = try TemporaryDirectory(prefix: "linnet-rate-service")
            let wav = media.file("tone.wav")
            try TestMedia.sineWAV(wav, seconds: 30)
            let f = try ServiceFixture()
            let daemon = try f.launch([wav])
            let signals = try SignalRecorder(address: f.servers.busAddress)
            let p = ServiceFixture.player
            #expect(try f.get(p, "MinimumRate") == .double(0.5))
            #expect(try f.get(p, "MaximumRate") == .double(2.0))
            try f.waitUntil("playing", timeout: 10) { try f.status() == "Playing" && f.position() > 200_000 }
            // librubberband is opened with the first stretcher, not at start (idle RSS): not mapped while the rate
            // has been 1.0, mapped once it changed.
            func mapsRubberBand() throws -> Bool {
                try ProcFile.maps(daemon.pid, "librubberband")
            }
            #expect(try !mapsRubberBand())
            try f.set(p, "Rate", .double(1.5))
            #expect(signals.propertiesChanged(p, "Rate")?["Rate"] == DBusValue.double(1.5))
            #expect(try f.get(p, "Rate") == .double(1.5))
            try f.waitUntil("librubberband loaded", timeout: 5) { try mapsRubberBand() }
            // Position (read from what is heard) advances at 1.5× the wall clock.
            try f.waitUntil("the new rate heard", timeout: 5) { try f.position() > 0 }
            let t0 = Date(), p0 = try f.position()
            Thread.sleep(forTimeInterval: 2)  // a measured interval, not synchronisation
            let p1 = try f.position(), dt = Date().timeIntervalSince(t0)
            let speed = Double(p1 - p0) / 1e6 / dt
            print("Position advanced \(Double(p1 - p0) / 1e6) s in \(dt) s at Rate 1.5")
            #expect(abs(speed - 1.5) < 0.15, "position speed \(speed)")
            // SetPosition works under the rate.
            let id = try #require(try f.trackID())
            try f.call(p, "SetPosition", [.objectPath(DBusObjectPath(id)!), .int64(20_000_000)])
            try f.waitUntil("position near 20 s", timeout: 5) {
                let pos = try f.position()
                return pos >= 20_000_000 && pos < 22_000_000
            }
            #expect(try f.get(p, "Rate") == .double(1.5))
            // Out of range is refused; 0.0 pauses (the spec).
            #expect(throws: DBusError.self) { try f.set(p, "Rate", .double(2.5)) }
            try f.set(p, "Rate", .double(0.0))
            try f.waitUntil("paused", timeout: 5) { try f.status() == "Paused" }
            #expect(try f.get(p, "Rate") == .double(1.5))
        }
    }
}
