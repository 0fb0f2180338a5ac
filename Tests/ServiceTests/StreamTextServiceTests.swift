import DBus
import Foundation
import Testing
import TestSupport

extension ServiceSuites.StreamServiceTests {
    /// The xesam:title of every Metadata change recorded so far.
    func titles(_ signals: SignalRecorder) -> [String] {
        signals.all("PropertiesChanged").compactMap { s in
            guard s.arguments.first == .string(ServiceFixture.player),
                let m = s.arguments.dropFirst().first?.stringKeyedDictionary?["Metadata"]?.unwrappingVariants
            else { return nil }
            return m.stringKeyedDictionary?["xesam:title"]?.unwrappingVariants.stringValue
        }
    }

    @Test func windows1252RadioTitleIsShownAsText() throws {
        let (f, server) = try start()
        try f.call(ServiceFixture.player, "OpenUri", [.string(server.url("/icyraw?kind=cp1252&metaint=4096"))])
        try f.waitUntil("the Windows-1252 title", timeout: 15) {
            (try f.metadata()["xesam:title"]?.stringValue) == "5 € Crème"
        }
        #expect(try f.playerctl("metadata", "xesam:artist") == "Café “Bar”")
        #expect(f.log().contains("read as Windows-1252"))
    }

    @Test func noiseRadioTitleIsNeverShown() throws {
        let (f, server) = try start()
        let signals = try SignalRecorder(address: f.servers.busAddress)
        try f.call(ServiceFixture.player, "OpenUri", [.string(server.url("/icyraw?kind=noise&metaint=4096"))])
        // Two noise blocks come first, then a clean one: once it shows, the noise was seen and dropped.
        try f.waitUntil("the clean title after the noise", timeout: 15) {
            (try f.metadata()["xesam:title"]?.stringValue) == "Clean Title"
        }
        #expect(titles(signals).contains("Clean Title"))
        #expect(!titles(signals).contains { $0.contains("ÿ") || $0.contains("\u{1}") }, "\(titles(signals))")
        #expect(f.log().contains("ICY title dropped"))
    }
}
