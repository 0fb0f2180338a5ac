import FileSystem
import PlayerCore
import Testing
import Foundation
import TestSupport
@testable import Decoding

/// Locations as playlists and MPRIS give them: paths and file URIs open, other schemes say why not.
@Suite struct TrackLocationTests {
    @Test func pathsAndFileURIs() {
        #expect(TrackLocation.parse("/music/a b.flac") == .file("/music/a b.flac"))
        #expect(TrackLocation.parse("relative/song.mp3") == .file("relative/song.mp3"))
        #expect(TrackLocation.parse("/music/odd:name//x.mp3") == .file("/music/odd:name//x.mp3"))
        #expect(TrackLocation.parse("file:///music/a%20b.flac") == .file("/music/a b.flac"))
        #expect(TrackLocation.parse("FILE://localhost/m/%C3%A4.mp3") == .file("/m/ä.mp3"))
        #expect(TrackLocation.parse("file:///m/100%25.mp3") == .file("/m/100%.mp3"))
        #expect(TrackLocation.parse("https://radio.example/stream") == .unsupportedScheme("https"))
        #expect(TrackLocation.parse("file://server/share/x.mp3") == .invalid("file URI names a remote host 'server'"))
        if case .invalid = TrackLocation.parse("file:///m/%zz.mp3") {} else { Issue.record("bad escape accepted") }
        // A name that is not UTF-8 keeps its bytes (BytePath), so it can be opened.
        #expect(
            TrackLocation.parse("file:///m/%FF.mp3")
                == .file(BytePath.string([0x2F, 0x6D, 0x2F, 0xFF] + Array(".mp3".utf8))))
    }

    @Test func openByLocation() throws {
        let dir = try TemporaryDirectory()
        try TestMedia.sineWAV(dir.file("a b.wav"), seconds: 0.2)
        let uri = "file://" + dir.file("a b.wav").replacingOccurrences(of: " ", with: "%20")
        #expect(try DecoderRegistry.open(location: uri).totalFrames == 8820)
        #expect(try DecoderRegistry.open(location: dir.file("a b.wav")).totalFrames == 8820)
        let error = #expect(throws: DecodeError.self) { _ = try DecoderRegistry.open(location: "http://x.invalid/s") }
        #expect(error?.kind == .unsupportedFormat)
        #expect(error?.path == "http://x.invalid/s")
    }
}
