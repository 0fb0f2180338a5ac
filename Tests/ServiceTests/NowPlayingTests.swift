import DBus
import Dispatch
import Foundation
import Testing
import TestSupport

extension ServiceSuites {
    /// The now-playing surface of issue 6 on the running service: every tag on its xesam key with the spec's
    /// type, the cover art file, the lyrics interface and `linnet lyrics`.
    @Suite(.serialized) struct NowPlayingTests {
        static let lyrics = "org.mpris.MediaPlayer2.linnet.Lyrics"
        static func demo(_ name: String) -> String { ServiceFixture.demo + "/" + name }

        /// Waits until the current track's metadata has `key` (art and lyrics are found in the background).
        func metadata(_ f: ServiceFixture, having key: String, title: String) throws -> [String: DBusValue] {
            var m: [String: DBusValue] = [:]
            try f.waitUntil("\(key) of \(title)", timeout: 20) {
                m = try f.metadata()
                return m["xesam:title"]?.stringValue == title && m[key] != nil
            }
            return m
        }

        @Test func everyTagOnItsKeyWithTheSpecType() throws {
            let f = try ServiceFixture()
            try f.launch([Self.demo("01-intro.mp3"), Self.demo("02-chords.flac"), Self.demo("05-pluck.ogg")])
            _ = try f.playerctl("pause")
            var m = try metadata(f, having: "mpris:artUrl", title: "Linnet demo, track one")
            let types: [String: String] = [
                "mpris:trackid": "o", "mpris:length": "x", "mpris:artUrl": "s", "xesam:url": "s", "xesam:title": "s",
                "xesam:album": "s", "xesam:artist": "as", "xesam:albumArtist": "as", "xesam:genre": "as",
                "xesam:composer": "as", "xesam:comment": "as", "xesam:trackNumber": "i", "xesam:discNumber": "i",
                "xesam:contentCreated": "s", "xesam:asText": "s"
            ]
            #expect(Dictionary(uniqueKeysWithValues: m.map { ($0.key, $0.value.signature.rawValue) }) == types)
            #expect(m["xesam:trackNumber"] == .int32(1))
            #expect(m["xesam:contentCreated"] == .string("2026"))
            #expect(m["xesam:asText"]?.stringValue?.hasPrefix("Linnet demo, track one.\nA music player") == true)
            // The art file is the embedded picture, byte for byte, in $XDG_CACHE_HOME/linnet/art.
            let art = try #require(m["mpris:artUrl"]?.stringValue)
            #expect(art.hasPrefix("file://" + f.stateDir.file("cache") + "/linnet/art/"))
            let artPath = String(art.dropFirst("file://".count))
            #expect(
                FileManager.default.contents(atPath: artPath)
                    == FileManager.default.contents(atPath: Self.demo("art/front.jpg")))
            // playerctl (the desktop's view) shows the fields.
            let shown = try f.playerctl("metadata")
            for fragment in [
                "xesam:albumArtist", "xesam:composer", "Linnet developers", "xesam:genre", "Speech",
                "mpris:artUrl", art, "xesam:discNumber", "xesam:contentCreated"
            ] {
                #expect(shown.contains(fragment), "playerctl metadata lacks \(fragment)")
            }
            // busctl's view of the types agrees (a second client, independent of our DBus layer).
            let busctl = try Child.run(
                "busctl",
                [
                    "--user", "get-property", ServiceFixture.bus, ServiceFixture.path,
                    ServiceFixture.player, "Metadata"
                ], environment: f.environment)
            #expect(
                busctl.output.contains("\"xesam:trackNumber\" i 1") && busctl.output.contains("\"xesam:artist\" as 1"),
                "\(busctl.output)")

            // FLAC: two ARTIST entries → two list entries; the PNG picture.
            _ = try f.playerctl("next")
            m = try metadata(f, having: "mpris:artUrl", title: "Chords in a FLAC")
            #expect(m["xesam:artist"] == DBusValue(["Linnet", "SoX"]))
            #expect(m["xesam:discNumber"] == .int32(1))
            let png = String(try #require(m["mpris:artUrl"]?.stringValue).dropFirst("file://".count))
            #expect(png.hasSuffix(".png"))
            #expect(
                FileManager.default.contents(atPath: png)
                    == FileManager.default.contents(atPath: Self.demo("art/spectrogram.png")))
            #expect(try f.get(Self.lyrics, "HasLyrics") == .boolean(false))
            #expect(try f.get(Self.lyrics, "CurrentLine") == .int32(-1))

            // Ogg: the LYRICS comment (LRC-stamped) is the lyrics source and the asText.
            _ = try f.playerctl("next")
            m = try metadata(f, having: "xesam:asText", title: "Hänfling plucks")
            #expect(m["xesam:asText"] == .string("Track five. Plucked strings, in Ogg Vorbis."))
            #expect(m["mpris:artUrl"] == nil)
            try f.waitUntil("lyrics of track 5", timeout: 20) { try f.get(Self.lyrics, "HasLyrics") == .boolean(true) }
            #expect(try f.get(Self.lyrics, "Source") == .string("embedded-text"))
            #expect(try f.get(Self.lyrics, "Synced") == .boolean(true))
        }

        @Test func lyricsInterfaceTypesAndLines() throws {
            let f = try ServiceFixture()
            try f.launch([Self.demo("01-intro.mp3")])
            _ = try f.playerctl("pause")
            try f.waitUntil("lyrics", timeout: 20) { try f.get(Self.lyrics, "HasLyrics") == .boolean(true) }
            let out = try f.call("org.freedesktop.DBus.Properties", "GetAll", [.string(Self.lyrics)])
            let all = try #require(out.first?.stringKeyedDictionary)
            #expect(
                all.mapValues { $0.signature.rawValue } == [
                    "HasLyrics": "v", "Synced": "v", "Source": "v", "Text": "v", "Lines": "v", "CurrentLine": "v"
                ])
            let values = all.mapValues(\.unwrappingVariants)
            #expect(values["Lines"]?.signature.rawValue == "a(xsa(xs))")
            #expect(values["CurrentLine"]?.signature == .int32)
            #expect(values["Source"] == .string("lrc-file"))
            guard case .array(_, let lines)? = values["Lines"] else { Issue.record("Lines"); return }
            let stamps = lines.compactMap { line -> Int64? in
                if case .structure(let fields) = line { return fields[0].integerValue } else { return nil }
            }
            #expect(stamps == [500_000, 2_570_000, 5_480_000, 8_220_000, 10_390_000])
            if case .structure(let third) = lines[2], case .array(_, let words) = third[2] {
                #expect(words.count == 4)
            } else {
                Issue.record("word stamps of line 3")
            }
            let progress = try f.call(Self.lyrics, "GetProgress")
            #expect(DBusValue.signature(of: progress).rawValue == "idid")
        }
    }
}
