import DBus
import Foundation
import Testing
import TestSupport

extension ServiceSuites {
    /// AAC in M4A on the running service: an ALAC file is skipped with an error naming the codec, the AAC one
    /// plays with its ilst tags in Metadata, its cover as the art file and its ©lyr as lyrics, at its exact length.
    @Suite(.serialized) struct M4AServiceTests {
        static let lyrics = "org.mpris.MediaPlayer2.linnet.Lyrics"

        @Test func m4aTagsArtAndLyricsAndALACSkipped() throws {
            let media = try TemporaryDirectory(prefix: "linnet-m4a-service")
            let wav = media.file("tone.wav"), cover = media.file("cover.jpg")
            try TestMedia.sineWAV(wav, seconds: 3)
            try TestMedia.jpeg(cover, colour: "blue")
            let alac = media.file("1-lossless.m4a"), aac = media.file("2-aac.m4a")
            try TestMedia.ffmpeg(wav, to: alac, codec: "alac")
            try TestMedia.ffmpeg(
                wav, to: aac,
                options: [
                    "-metadata", "title=Ein Ton", "-metadata", "artist=Linnet",
                    "-metadata", "album=Töne", "-metadata", "track=2/5"
                ])
            try TestMedia.tagMP4(
                aac, text: ["©lyr": "[00:00.50]la\n[00:01.50]le"], freeform: ["COMMENT": "frei"],
                cover: cover)

            let f = try ServiceFixture()
            try f.launch([alac, aac])
            var m: [String: DBusValue] = [:]
            try f.waitUntil("the AAC track with its art", timeout: 20) {
                m = try f.metadata()
                return m["xesam:title"]?.stringValue == "Ein Ton" && m["mpris:artUrl"] != nil
            }
            #expect(m["xesam:artist"] == DBusValue(["Linnet"]))
            #expect(m["xesam:album"] == .string("Töne"))
            #expect(m["xesam:trackNumber"] == .int32(2))
            #expect(m["xesam:comment"] == DBusValue(["frei"]))
            #expect(m["mpris:length"] == .int64(3_000_000))  // 132300 frames exactly: priming and padding cut
            let art = String(try #require(m["mpris:artUrl"]?.stringValue).dropFirst("file://".count))
            #expect(FileManager.default.contents(atPath: art) == FileManager.default.contents(atPath: cover))
            try f.waitUntil("embedded lyrics", timeout: 20) { try f.get(Self.lyrics, "HasLyrics") == .boolean(true) }
            #expect(try f.get(Self.lyrics, "Source") == .string("embedded-text"))
            #expect(try f.get(Self.lyrics, "Synced") == .boolean(true))
            try f.waitUntil("playing", timeout: 10) { try f.status() == "Playing" }
            // The ALAC file was skipped with an error that names the codec.
            #expect(f.log().contains("ALAC"), "\(f.log())")
            #expect(try f.tracks().count == 2)
        }
    }
}
