import CoverArt
import Decoding
import Foundation
import PlayerCore
import Testing

/// The committed demo files (data/README.md describes their tags and pictures) through the real decoders.
@Suite struct DemoFileTagTests {
    static let demo: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path + "/data/demo"
    }()

    static func tags(_ name: String) throws -> TrackTags {
        try DecoderRegistry.open(path: "\(demo)/\(name)").tags
    }

    static func file(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: "\(demo)/\(name)")))
    }

    static let comment = "Made by data/make-demo.sh from espeak-ng speech and sox tones; CC0"

    @Test func mp3ID3v23UTF16WithPicture() throws {
        let t = try Self.tags("01-intro.mp3")
        #expect(t.title == "Linnet demo, track one")
        #expect(t.artists == ["Linnet"])
        #expect(t.album == "Linnet Demo")
        #expect(t.albumArtists == ["Linnet"])
        #expect(t.trackNumber == 1 && t.trackCount == 8)
        #expect(t.discNumber == 1 && t.discCount == 1)
        #expect(t.genres == ["Speech"])
        #expect(t.date == "2026")
        #expect(t.composers == ["Linnet developers"])
        #expect(t.comments == [Self.comment])
        #expect(t.picture?.mimeType == "image/jpeg")
        #expect(t.picture?.pictureType == 3)
        #expect(t.picture?.data == (try Self.file("art/front.jpg")))
    }

    @Test func mp3Latin1AndUTF16TitlesAndNoPicture() throws {
        let a = try Self.tags("03-gapless-a.mp3")
        #expect(a.title == "Gapless, part one")
        #expect(a.genres == ["Electronic"])
        #expect(a.trackNumber == 3 && a.trackCount == 8)
        #expect(a.picture == nil)
        let h = try Self.tags("folder-art/08-folder-art.mp3")
        #expect(h.title == "Linotte mélodieuse")
        #expect(h.genres == ["Ambient"])
        #expect(h.picture == nil)
    }

    @Test func flacRepeatedArtistsTotalsAndPNGPicture() throws {
        let t = try Self.tags("02-chords.flac")
        #expect(t.title == "Chords in a FLAC")
        #expect(t.artists == ["Linnet", "SoX"])
        #expect(t.albumArtists == ["Linnet"])
        #expect(t.trackNumber == 2 && t.trackCount == 8)
        #expect(t.discNumber == 1 && t.discCount == 1)
        #expect(t.genres == ["Ambient"])
        #expect(t.composers == ["Linnet developers"])
        #expect(t.comments == [Self.comment])
        #expect(t.picture?.mimeType == "image/png")
        #expect(t.picture?.description == "Front cover")
        #expect(t.picture?.data == (try Self.file("art/spectrogram.png")))
    }

    @Test func oggVorbisUTF8TitleAndEmbeddedLyrics() throws {
        let t = try Self.tags("05-pluck.ogg")
        #expect(t.title == "Hänfling plucks")
        #expect(t.date == "2026-11-29")
        #expect(t.trackNumber == 5 && t.trackCount == 8)
        #expect(t.discNumber == 1)
        #expect(t.lyrics == "[00:00.50]Track five. Plucked strings, in Ogg Vorbis.")
        #expect(t.picture == nil)
    }

    @Test func opusTwoArtistsAndMetadataBlockPicture() throws {
        let t = try Self.tags("06-bass.opus")
        #expect(t.title == "Opus bass line")
        #expect(t.artists == ["Linnet", "SoX"])
        #expect(t.genres == ["Electronic"])
        #expect(t.picture?.data == (try Self.file("art/front.jpg")))
        #expect(t.picture?.mimeType == "image/jpeg")
    }

    @Test func untaggedWAVHasNoTags() throws {
        #expect(try Self.tags("07-untagged.wav").isEmpty)
    }

    @Test func decodingStillStartsAtTheFirstFrameAfterOurTagRead() throws {
        // Our readers share the byte source with libsndfile: it must decode the same audio as a fresh open.
        for name in ["02-chords.flac", "06-bass.opus", "05-pluck.ogg"] {
            let d = try DecoderRegistry.open(path: "\(Self.demo)/\(name)")
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 16)
            defer { buffer.deallocate() }
            var frames = 0
            while true {
                let n = try d.read(into: buffer)
                if n == 0 { break }
                frames += n / d.format.bytesPerFrame
            }
            #expect(Int64(frames) == d.totalFrames, "\(name)")
        }
    }

    @Test func artURLsForEveryDemoTrack() throws {
        let dir = FileManager.default.temporaryDirectory.path + "/linnet-art-\(UUID().uuidString.prefix(8))"
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let cache = ArtCache(directory: dir)
        func art(_ name: String) throws -> String? {
            try cache.artURL(for: try Self.tags(name), trackPath: "\(Self.demo)/\(name)")
        }
        func bytes(ofURL url: String?) throws -> [UInt8] {
            let u = try #require(url.flatMap(URL.init(string:)))
            #expect(u.isFileURL)
            return [UInt8](try Data(contentsOf: u))
        }
        let one = try art("01-intro.mp3"), six = try art("06-bass.opus")
        #expect(try bytes(ofURL: one) == (try Self.file("art/front.jpg")))
        #expect(one == six)  // the same picture is one cache file
        #expect(one?.hasSuffix(".jpg") == true)
        let two = try art("02-chords.flac")
        #expect(try bytes(ofURL: two) == (try Self.file("art/spectrogram.png")))
        #expect(two?.hasSuffix(".png") == true)
        let eight = try art("folder-art/08-folder-art.mp3")
        #expect(try bytes(ofURL: eight) == (try Self.file("folder-art/cover.jpg")))
        #expect(try art("05-pluck.ogg") == nil)
        #expect(try art("07-untagged.wav") == nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).count == 2)
    }
}
