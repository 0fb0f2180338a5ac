import DBus
import Foundation
import Testing
import TestSupport

extension ServiceSuites {
    /// Every property's D-Bus type and change mode as the MPRIS 2.2 spec declares them, read from the running service.
    @Suite(.serialized) struct PropertyTypeTests {
        static let spec: [String: [String: String]] = [
            ServiceFixture.root: [
                "CanQuit": "b", "Fullscreen": "b", "CanSetFullscreen": "b", "CanRaise": "b", "HasTrackList": "b",
                "Identity": "s", "DesktopEntry": "s", "SupportedUriSchemes": "as", "SupportedMimeTypes": "as"
            ],
            ServiceFixture.player: [
                "PlaybackStatus": "s", "LoopStatus": "s", "Rate": "d", "Shuffle": "b", "Metadata": "a{sv}",
                "Volume": "d",
                "Position": "x", "MinimumRate": "d", "MaximumRate": "d", "CanGoNext": "b", "CanGoPrevious": "b",
                "CanPlay": "b", "CanPause": "b", "CanSeek": "b", "CanControl": "b"
            ],
            ServiceFixture.trackList: ["Tracks": "ao", "CanEditTracks": "b"]
        ]

        @Test func everyPropertyHasTheSpecType() throws {
            let f = try ServiceFixture()
            try f.launch([ServiceFixture.demo])
            for (interface, properties) in Self.spec {
                let out = try f.call("org.freedesktop.DBus.Properties", "GetAll", [.string(interface)])
                guard case .dictionary(_, _, let entries)? = out.first else {
                    Issue.record("GetAll \(interface)"); continue
                }
                var seen: [String: String] = [:]
                for e in entries {
                    guard case .string(let name) = e.key, case .variant(let v) = e.value else { continue }
                    seen[name] = v.signature.rawValue
                }
                #expect(seen == properties, "\(interface)")
            }
            // Metadata value types (mpris-proxy rejects a player with one wrong type). Tags are read in the
            // background after start-up, so wait until they have reached Metadata.
            try f.waitUntil("tags in Metadata", timeout: 10) { try f.metadata()["xesam:album"] != nil }
            let m = try f.metadata()
            #expect(m["mpris:trackid"]?.signature == .objectPath)
            #expect(m["mpris:length"]?.signature == .int64)
            #expect(m["xesam:url"]?.signature == .string)
            #expect(m["xesam:title"]?.signature == .string)
            #expect(m["xesam:artist"]?.signature.rawValue == "as")
            #expect(m["xesam:album"]?.signature == .string)
            #expect(m["xesam:trackNumber"]?.signature == .int32)
            #expect(try f.get(ServiceFixture.root, "Identity") == .string("Linnet"))
            #expect(try f.get(ServiceFixture.root, "SupportedUriSchemes") == DBusValue(["file", "http", "https"]))
        }

        @Test func introspectionDeclaresChangeModes() throws {
            let f = try ServiceFixture()
            try f.launch([ServiceFixture.demo])
            let xml =
                try f.client.call(
                    destination: ServiceFixture.bus, path: ServiceFixture.path,
                    interface: "org.freedesktop.DBus.Introspectable", method: "Introspect"
                )
                .first?.stringValue ?? ""
            func annotation(_ property: String) -> String? {
                guard let r = xml.range(of: "<property name=\"\(property)\"") else { return nil }
                let tail = xml[r.upperBound...]
                let ends = ["<property ", "</interface>"].compactMap { tail.range(of: $0)?.lowerBound }
                let end = ends.min() ?? tail.endIndex
                let block = tail[..<end]
                guard let a = block.range(of: "EmitsChangedSignal\" value=\"") else { return "true" }
                return String(block[a.upperBound...].prefix { $0 != "\"" })
            }
            #expect(annotation("Position") == "false")
            #expect(annotation("CanControl") == "false")
            #expect(annotation("Tracks") == "invalidates")
            #expect(annotation("PlaybackStatus") == "true")
            for signal in ["Seeked", "TrackListReplaced", "TrackAdded", "TrackRemoved", "TrackMetadataChanged"] {
                #expect(xml.contains("<signal name=\"\(signal)\""), "\(signal)")
            }
            // busctl agrees on the types (an independent client).
            let busctl = try Child.run(
                "busctl",
                [
                    "--address=\(f.servers.busAddress)", "get-property", ServiceFixture.bus,
                    ServiceFixture.path, ServiceFixture.player, "Position", "Volume", "CanGoNext"
                ])
            let lines = busctl.output.split(separator: "\n").map { String($0.split(separator: " ").first ?? "") }
            #expect(lines == ["x", "d", "b"])
        }
    }
}
