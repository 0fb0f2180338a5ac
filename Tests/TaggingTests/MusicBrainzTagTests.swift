import Decoding
import Foundation
import PlayerCore
import TestSupport
import Testing

/// MusicBrainz ids as Picard writes them, read through the decoders (what the library scan and the scrobbler
/// see): ID3 UFID and TXXX, Vorbis comments in FLAC, MP4 freeform atoms; the release's track id is never taken for
/// the recording, other UFID owners and malformed ids are ignored.
@Suite struct MusicBrainzTagTests {
    static let recording = "0f1f0e5a-0000-4000-8000-000000000001"
    static let release = "0f1f0e5a-0000-4000-8000-000000000002"
    static let artist1 = "0f1f0e5a-0000-4000-8000-000000000003"
    static let artist2 = "0f1f0e5a-0000-4000-8000-000000000004"
    static let releaseTrack = "0f1f0e5a-0000-4000-8000-000000000005"

    @Test func id3UFIDIsTheRecordingAndTXXXTheRest() throws {
        var b = ID3Builder(version: 4)
        b.text("TIT2", ["Song"], encoding: 3)
        b.frame("UFID", Array("http://example.org".utf8) + [0] + Array("not-this-one".utf8))
        b.frame("UFID", Array("http://musicbrainz.org".utf8) + [0] + Array(Self.recording.utf8))
        b.frame("TXXX", ID3Builder.text(["MusicBrainz Album Id", Self.release], encoding: 3))
        b.frame("TXXX", ID3Builder.text(["MusicBrainz Artist Id", Self.artist1, Self.artist2], encoding: 3))
        b.frame("TXXX", ID3Builder.text(["MusicBrainz Release Track Id", Self.releaseTrack], encoding: 3))
        let t = try ID3FixtureTests.tags(b.bytes())
        #expect(t.musicBrainzRecordingID == Self.recording)
        #expect(t.musicBrainzReleaseID == Self.release)
        #expect(t.musicBrainzArtistIDs == [Self.artist1, Self.artist2])
    }

    @Test func id3WithoutUFIDHasNoRecordingFromTheReleaseTrack() throws {
        var b = ID3Builder(version: 3)
        b.frame("TXXX", ID3Builder.text(["MusicBrainz Release Track Id", Self.releaseTrack], encoding: 0))
        b.frame("TXXX", ID3Builder.text(["MusicBrainz Album Id", "garbage"], encoding: 0))
        let t = try ID3FixtureTests.tags(b.bytes())
        #expect(t.musicBrainzRecordingID == nil)
        #expect(t.musicBrainzReleaseID == nil)
    }

    @Test func flacVorbisComments() throws {
        let dir = try TemporaryDirectory(prefix: "linnet-mbid")
        try TestMedia.sineWAV(dir.file("a.wav"), seconds: 0.2)
        try TestMedia.flac(
            dir.file("a.wav"), to: dir.file("a.flac"),
            options: [
                "-T", "MUSICBRAINZ_TRACKID=\(Self.recording)", "-T", "MUSICBRAINZ_RELEASETRACKID=\(Self.releaseTrack)",
                "-T", "MUSICBRAINZ_ALBUMID=\(Self.release.uppercased())", "-T", "MUSICBRAINZ_ARTISTID=\(Self.artist1)",
                "-T", "MUSICBRAINZ_ARTISTID=\(Self.artist2)"
            ])
        let t = try DecoderRegistry.open(path: dir.file("a.flac")).tags
        #expect(t.musicBrainzRecordingID == Self.recording)
        #expect(t.musicBrainzReleaseID == Self.release)  // lowercased
        #expect(t.musicBrainzArtistIDs == [Self.artist1, Self.artist2])
    }

    @Test func mp4FreeformAtoms() throws {
        let dir = try TemporaryDirectory(prefix: "linnet-mbid")
        try TestMedia.sineWAV(dir.file("a.wav"), seconds: 0.3)
        try TestMedia.ffmpeg(dir.file("a.wav"), to: dir.file("a.m4a"))
        try TestMedia.tagMP4(
            dir.file("a.m4a"),
            freeform: [
                "MusicBrainz Track Id": Self.recording, "MusicBrainz Release Track Id": Self.releaseTrack,
                "MusicBrainz Album Id": Self.release, "MusicBrainz Artist Id": Self.artist1
            ])
        let t = try DecoderRegistry.open(path: dir.file("a.m4a")).tags
        #expect(t.musicBrainzRecordingID == Self.recording)
        #expect(t.musicBrainzReleaseID == Self.release)
        #expect(t.musicBrainzArtistIDs == [Self.artist1])
    }
}
