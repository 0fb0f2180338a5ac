import DBus
import Foundation
import Testing
import TestSupport

extension ServiceSuites {
    /// Wrong calls get D-Bus errors with the right names, and the service goes on.
    @Suite(.serialized) struct ErrorTests {
        func errorName(_ body: () throws -> Void) -> String? {
            do { try body(); return nil } catch let e as DBusError { return e.name } catch { return "\(error)" }
        }

        @Test func badCallsGetNamedErrors() throws {
            let f = try ServiceFixture()
            try f.launch([ServiceFixture.demo + "/01-intro.mp3"])
            let p = ServiceFixture.player, t = ServiceFixture.trackList
            let junk = f.stateDir.file("junk.mp3")
            try Data("this is not audio at all".utf8).write(to: URL(fileURLWithPath: junk))

            #expect(errorName { try f.set(p, "LoopStatus", .string("Sometimes")) } == DBusError.Name.invalidArgs)
            #expect(errorName { try f.set(p, "LoopStatus", .int32(1)) } == DBusError.Name.invalidArgs)
            #expect(errorName { try f.set(p, "Rate", .double(3.0)) } == DBusError.Name.invalidArgs)
            #expect(errorName { try f.set(p, "Rate", .double(0.25)) } == DBusError.Name.invalidArgs)
            #expect(errorName { try f.set(p, "Volume", .double(.nan)) } == DBusError.Name.invalidArgs)
            #expect(
                errorName { try f.call(p, "OpenUri", [.string("relative/song.mp3")]) } == DBusError.Name.invalidArgs)
            #expect(errorName { try f.call(p, "OpenUri", [.string("file:///a%zz.mp3")]) } == DBusError.Name.invalidArgs)
            #expect(
                errorName { try f.call(p, "OpenUri", [.string("ftp://example.com/a.mp3")]) }
                    == DBusError.Name.notSupported)
            #expect(
                errorName { try f.call(p, "OpenUri", [.string("file://" + junk)]) }
                    == "org.mpris.MediaPlayer2.linnet.Error.CannotPlay")
            #expect(
                errorName { try f.call(p, "OpenUri", [.string("file:///no/such/file.mp3")]) }
                    == "org.mpris.MediaPlayer2.linnet.Error.CannotPlay")
            #expect(errorName { try f.call(p, "Seek", [.string("x")]) } == DBusError.Name.invalidArgs)
            #expect(
                errorName { try f.call(t, "GoTo", [.objectPath("/org/linnet/Track/99")]) }
                    == "org.mpris.MediaPlayer2.linnet.Error.UnknownTrack")
            #expect(
                errorName { try f.call(t, "RemoveTrack", [.objectPath("/not/ours")]) }
                    == "org.mpris.MediaPlayer2.linnet.Error.UnknownTrack")
            #expect(
                errorName {
                    try f.call(
                        t, "AddTrack", [.string("file://" + junk), .objectPath("/org/linnet/Track/1"), .boolean(false)])
                }
                    == "org.mpris.MediaPlayer2.linnet.Error.CannotPlay")
            #expect(errorName { try f.call(p, "NoSuchMethod") } == DBusError.Name.unknownMethod)

            // Still alive and unchanged.
            #expect(try f.get(p, "LoopStatus") == .string("None"))
            #expect(try f.get(p, "Rate") == .double(1.0))
            #expect(try f.tracks() == ["/org/linnet/Track/1"])
            try f.set(p, "Rate", .double(1.0))
            try f.set(p, "Volume", .double(-1))  // negative volume clamps to 0 (spec)
            #expect(try f.get(p, "Volume") == .double(0))
            #expect(f.daemon?.isRunning == true)
            #expect(f.log().contains("linnetd"))
        }
    }
}
