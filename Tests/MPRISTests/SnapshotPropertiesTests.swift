import DBus
import PlayerCore
import Testing

@testable import MPRIS

/// The property tables of Linnet's own interfaces: one declaration gives both the exported getters and the
/// PropertiesChanged diff, so a change of one field announces exactly that property with the value Get returns.
@Suite struct SnapshotPropertiesTests {
    @Test func streamFieldsEachAnnounceTheirOwnProperty() {
        let table = LinnetStreamService.properties
        let base = StreamSnapshot()
        #expect(table.changes(from: base, to: base).isEmpty)
        var s = base
        s.buffering = true
        #expect(table.changes(from: base, to: s) == ["Buffering": .boolean(true)])
        s = base
        s.level = 0.5
        s.seconds = 3
        #expect(table.changes(from: base, to: s) == ["BufferLevel": .double(0.5), "BufferedSeconds": .double(3)])
        s = base
        s.stationName = "Radio"
        s.stationGenre = "Jazz"
        s.stationURL = "http://r.example"
        #expect(
            table.changes(from: base, to: s) == [
                "StationName": .string("Radio"), "StationGenre": .string("Jazz"),
                "StationUrl": .string("http://r.example")
            ])
        #expect(
            table.properties.map(\.name) == [
                "Buffering", "BufferLevel", "BufferedSeconds", "StationName", "StationGenre", "StationUrl"
            ])
    }

    @Test func queuePositionOfNothingIsMinusOneAndLengthClamps() {
        let table = LinnetQueueService.properties
        let empty = QueueSnapshot(length: 0, position: nil)
        let big = QueueSnapshot(length: Int(UInt32.max) + 10, position: 4)
        #expect(table.changes(from: empty, to: big) == ["Length": .uint32(UInt32.max), "Position": .int32(4)])
        #expect(table.changes(from: big, to: empty) == ["Length": .uint32(0), "Position": .int32(-1)])
    }

    @Test func playbackExtrasAnnounceWhatChanged() {
        let table = LinnetPlaybackService.properties
        let a = PlaybackExtrasSnapshot()
        var b = a
        b.balance = -1
        b.replayGainMode = .album
        #expect(table.changes(from: a, to: b) == ["Balance": .double(-1), "ReplayGainMode": .string("album")])
        b = a
        b.loopCount = Int.max
        #expect(table.changes(from: a, to: b) == ["LoopCount": .int32(Int32.max)])
    }

    @Test func routeRecorderAndLibraryTablesCoverEveryField() {
        var route = RouteSnapshot(outputAvailable: true)
        let routeBefore = route
        route.interrupted = true
        route.outputAvailable = false
        #expect(
            LinnetRouteService.properties.changes(from: routeBefore, to: route) == [
                "Interrupted": .boolean(true), "OutputAvailable": .boolean(false)
            ])
        var recorder = RecorderSnapshot()
        let recorderBefore = recorder
        recorder.seconds = 1.5
        recorder.path = "/tmp/x.wav"
        #expect(
            RecorderInterface.properties.changes(from: recorderBefore, to: recorder) == [
                "RecordedSeconds": .double(1.5), "RecordingPath": .string("/tmp/x.wav")
            ])
        var library = LibraryStatus()
        let libraryBefore = library
        library.scanning = true
        library.scanned = 7
        #expect(
            LibraryInterface.properties.changes(from: libraryBefore, to: library) == [
                "Scanning": .boolean(true), "Scanned": .uint32(7)
            ])
    }
}
