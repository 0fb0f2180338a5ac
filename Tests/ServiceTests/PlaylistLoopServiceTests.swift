import DBus
import Foundation
import Testing
import TestSupport

extension ServiceSuites.StreamServiceTests {
    /// HLS master and media playlists and an M3U radio playlist that lead back to themselves end in a StreamError
    /// that names the loop (not "not audio" from fetching a playlist as a segment), and the queue moves on.
    @Test func selfReferencingPlaylistsNameTheLoop() throws {
        let (f, server) = try start()
        let signals = try SignalRecorder(address: f.servers.busAddress)
        let t = ServiceFixture.trackList
        let noTrack = DBusValue.objectPath("/org/mpris/MediaPlayer2/TrackList/NoTrack")
        try f.call(t, "AddTrack", [.string(server.url("/f/tone.mp3")), noTrack, .boolean(false)])
        let loops = ["/hlsself.m3u8", "/hlsselfmedia.m3u8", "/hlsloop/a.m3u8", "/m3uloop/a"]
        for path in loops {
            try f.call(t, "AddTrack", [.string(server.url(path)), noTrack, .boolean(false)])
        }
        try f.call(t, "GoTo", [.objectPath(DBusObjectPath(try f.tracks()[0])!)])
        try f.waitUntil("the good file playing", timeout: 40) {
            try f.status() == "Playing" && (try f.metadata()["xesam:url"]?.stringValue) == server.url("/f/tone.mp3")
        }
        let errors = signals.all("StreamError").map(\.arguments)
        #expect(errors.count == loops.count, "\(errors)")
        for path in loops {
            let message = errors.first { $0.first == .string(server.url(path)) }?.last?.stringValue ?? ""
            #expect(message.contains("the playlist refers to itself (\(server.url(path))"), "\(path): \(message)")
            #expect(!message.contains("not audio"), "\(path): \(message)")
        }
    }
}
