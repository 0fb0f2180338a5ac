import DBus
import Foundation
import Glibc
import Testing
import TestSupport

extension ServiceSuites {
    /// A file whose name is not UTF-8 (Latin-1 "café.wav") plays through the real linnetd from every way in: the
    /// command line (the file and its folder), OpenUri with the percent-encoded URI, Library Enqueue; the queue
    /// database restores it after a restart.
    @Suite(.serialized) struct NonUTF8NameTests {
        /// Name bytes of `caf\xE9.wav`, not valid UTF-8.
        static let name: [UInt8] = Array("caf".utf8) + [0xE9] + Array(".wav".utf8)

        /// Playing, the position moves, and `xesam:url` is the exact percent-encoded URI.
        func expectPlaying(_ f: ServiceFixture, uri: String, _ what: String) throws {
            try f.waitUntil("\(what): playing \(uri)", timeout: 15) {
                try f.status() == "Playing" && f.metadata()["xesam:url"]?.stringValue == uri
            }
            let start = try f.position()
            try f.waitUntil("\(what): position advances", timeout: 10) { try f.position() > start + 200_000 }
            #expect(try f.metadata()["xesam:title"]?.stringValue == "caf\u{FFFD}")
        }

        @Test func latin1NamePlaysFromEveryEntryAndIsRestored() throws {
            let f = try ServiceFixture()
            let music = f.stateDir.file("Music")
            try FileManager.default.createDirectory(atPath: music, withIntermediateDirectories: true)
            let ascii = music + "/tone.wav"
            try TestMedia.sineWAV(ascii, seconds: 30)
            let target = Array(music.utf8) + [UInt8(ascii: "/")] + Self.name
            let renamed = (target + [0]).withUnsafeBufferPointer { b in
                b.withMemoryRebound(to: CChar.self) { rename(ascii, $0.baseAddress!) }
            }
            try #require(renamed == 0)
            let uri =
                "file://" + music.split(separator: "/").map { String($0) }.reduce("") { $0 + "/" + $1 } + "/caf%E9.wav"

            // 1. The file itself on the command line (raw argv bytes, through sh's printf).
            let shell = try Child(
                "/bin/sh",
                [
                    "-c", "exec \"$0\" --state-dir \"$1\" --library \"$2\" \"$2/$(printf 'caf\\351.wav')\"",
                    ServiceFixture.binary, f.stateDir.file("state"), music
                ],
                environment: f.environment, output: f.logPath)
            f.daemon = shell
            try f.waitUntil("bus name", timeout: 20) { (try? f.client.nameOwner(ServiceFixture.bus)) != nil }
            try expectPlaying(f, uri: uri, "command-line file")
            #expect(try f.tracks().count == 1)
            // The monitor hears it: the sink's monitor is not silent while it plays.
            let monitor = try f.servers.sound.recordMonitor(of: "linnet_test")
            #expect(monitor.waitFor(frames: 44100, timeout: 10))
            let heard = monitor.stop()
            #expect(heard.contains { abs(Int($0)) > 3000 }, "the null sink's monitor is silent")

            // 2. OpenUri with the percent-encoded URI.
            try f.call(ServiceFixture.player, "Stop")
            try f.call(ServiceFixture.player, "OpenUri", [.string(uri)])
            try expectPlaying(f, uri: uri, "OpenUri")

            // 3. Library Enqueue (the library stored the name as bytes).
            try f.waitUntil("scanned", timeout: 30) {
                try f.get("org.mpris.MediaPlayer2.linnet.Library", "Songs") == .uint32(1)
            }
            try f.call(ServiceFixture.player, "Stop")
            let filter = DBusValue.dictionary(key: .string, value: .variant, [])
            try f.call(
                "org.mpris.MediaPlayer2.linnet.Library", "Enqueue",
                [.string("songs"), filter, .string(""), .string("replace")])
            try expectPlaying(f, uri: uri, "Enqueue")
            #expect(try f.tracks().count == 1)

            // 4. Restart: queue.db gives back the same bytes.
            _ = try f.stop()
            try f.launch()
            try f.waitUntil("restored", timeout: 10) { try f.metadata()["xesam:url"]?.stringValue == uri }
            try f.call(ServiceFixture.player, "Play")
            try expectPlaying(f, uri: uri, "restored")

            // 5. The folder on the command line (readdir names as bytes).
            _ = try f.stop()
            try f.launch(["--no-restore", music])
            try expectPlaying(f, uri: uri, "command-line folder")
            #expect(!f.log().contains("not UTF-8"))
        }
    }
}
