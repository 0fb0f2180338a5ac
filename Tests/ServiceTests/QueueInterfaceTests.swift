import DBus
import Foundation
import Testing
import TestSupport

extension ServiceSuites {
    /// Linnet's Queue interface: the whole queue by position, at 2,000 and 100,000 entries, from our client and
    /// from busctl; the MPRIS TrackList stays the 500-entry window around the current track.
    @Suite(.serialized) struct QueueInterfaceTests {
        static let queue = "org.mpris.MediaPlayer2.linnet.Queue"

        static func track(_ n: Int) -> DBusValue { .objectPath(DBusObjectPath("/org/linnet/Track/\(n)")!) }

        static func length(_ f: ServiceFixture) throws -> Int {
            Int(try f.get(queue, "Length").integerValue ?? -1)
        }

        static func position(_ f: ServiceFixture) throws -> Int {
            Int(try f.get(queue, "Position").integerValue ?? -2)
        }

        /// The entries' track paths from `offset`, `limit` of them (one List call).
        static func list(_ f: ServiceFixture, _ offset: Int, _ limit: Int) throws -> [String] {
            let reply = try f.call(queue, "List", [.uint32(UInt32(offset)), .uint32(UInt32(limit))])
            guard case .array(_, let items)? = reply.first else { return [] }
            return items.compactMap { item in
                guard case .structure(let fields) = item, case .objectPath(let p) = fields[0] else { return nil }
                return p.rawValue
            }
        }

        /// Every entry, paging as a client must (a List call answers at most 250).
        static func all(_ f: ServiceFixture) throws -> [String] {
            var out: [String] = []
            while true {
                let page = try list(f, out.count, 250)
                if page.isEmpty { return out }
                out += page
            }
        }

        func errorName(_ body: () throws -> Void) -> String? {
            do { try body(); return nil } catch let e as DBusError { return e.name } catch { return "\(error)" }
        }

        @Test func theWholeQueueAtTwoThousand() throws {
            let f = try ServiceFixture()
            let music = try LargeQueueTests.tree(2_000, in: f.stateDir)
            try f.launch(["--no-restore", music])
            try f.waitUntil("queued", timeout: 30) { try Self.length(f) == 2_000 }
            try f.call(ServiceFixture.player, "Pause")
            #expect(try Self.position(f) == 0)

            // List pages through all of it in queue order; the TrackList is the first 500 only.
            #expect(try Self.list(f, 0, 5_000).count == 250)
            let ids = try Self.all(f)
            #expect(ids == (1...2_000).map { "/org/linnet/Track/\($0)" })
            #expect(try f.tracks() == Array(ids.prefix(500)))
            let one = try f.call(Self.queue, "List", [.uint32(1_999), .uint32(1)])
            guard case .array(_, let items)? = one.first, case .structure(let fields)? = items.first else {
                Issue.record("List(1999, 1): \(one)"); return
            }
            let metadata = fields[1].stringKeyedDictionary?.mapValues(\.unwrappingVariants) ?? [:]
            #expect(metadata["mpris:trackid"] == Self.track(2_000))
            #expect(metadata["xesam:url"]?.stringValue?.hasSuffix("/0099/19.mp3") == true)
            #expect(try Self.list(f, 2_000, 10).isEmpty)

            // GoTo by position: Position follows, with PropertiesChanged; the current track is that entry.
            let signals = try SignalRecorder(address: f.servers.busAddress)
            try f.call(Self.queue, "GoTo", [.uint32(1_499)])
            #expect(signals.propertiesChanged(Self.queue, "Position")?["Position"] == .int32(1_499))
            #expect(try f.trackID() == ids[1_499])

            // Remove by id, several at once; the current one's successor takes its place.
            signals.clear()
            try f.call(Self.queue, "Remove", [.array(element: .objectPath, [10, 11, 12, 1_500].map(Self.track))])
            #expect(signals.propertiesChanged(Self.queue, "Length")?["Length"] == .uint32(1_996))
            #expect(try Self.position(f) == 1_496)
            #expect(try f.trackID() == "/org/linnet/Track/1501")
            #expect(try Self.list(f, 9, 1) == ["/org/linnet/Track/13"])

            // Move: the entry stands at the position given.
            try f.call(Self.queue, "Move", [Self.track(2_000), .uint32(0)])
            #expect(try Self.list(f, 0, 2) == ["/org/linnet/Track/2000", "/org/linnet/Track/1"])
            #expect(try Self.position(f) == 1_497)

            // Bad arguments: InvalidArgs, and nothing changes.
            let invalid = DBusError.Name.invalidArgs
            let demo = "file://" + ServiceFixture.demo + "/02-chords.flac"
            #expect(errorName { try f.call(Self.queue, "Add", [DBusValue([demo]), .string("later")]) } == invalid)
            #expect(errorName { try f.call(Self.queue, "Add", [DBusValue([String]()), .string("append")]) } == invalid)
            #expect(
                errorName { try f.call(Self.queue, "Add", [DBusValue(["relative.mp3"]), .string("append")]) } == invalid
            )
            #expect(
                errorName { try f.call(Self.queue, "Add", [DBusValue([demo, "http://[::1"]), .string("append")]) }
                    == invalid)
            #expect(errorName { try f.call(Self.queue, "Add", [DBusValue(["http://"]), .string("now")]) } == invalid)
            #expect(
                errorName {
                    try f.call(
                        Self.queue, "Remove", [.array(element: .objectPath, [Self.track(3), Self.track(99_999)])])
                } == invalid)
            #expect(
                errorName {
                    try f.call(Self.queue, "Remove", [.array(element: .objectPath, [.objectPath("/org/other/1")])])
                } == invalid)
            #expect(errorName { try f.call(Self.queue, "Move", [Self.track(99_999), .uint32(0)]) } == invalid)
            #expect(errorName { try f.call(Self.queue, "Move", [Self.track(3), .uint32(1_996)]) } == invalid)
            #expect(errorName { try f.call(Self.queue, "GoTo", [.uint32(1_996)]) } == invalid)
            #expect(errorName { try f.call(Self.queue, "List", [.int32(0), .int32(1)]) } == invalid)
            #expect(try Self.length(f) == 1_996 && Self.list(f, 3, 1) == ["/org/linnet/Track/3"])

            // A second, independent client: busctl reads and calls the same interface.
            let env = f.environment
            let busctl = try Child.run(
                "busctl",
                [
                    "--user", "get-property", ServiceFixture.bus, ServiceFixture.path,
                    Self.queue, "Length", "Position"
                ], environment: env)
            #expect(busctl.output == "u 1996\ni 1497\n", "\(busctl.output)")
            let listed = try Child.run(
                "busctl",
                [
                    "--user", "call", ServiceFixture.bus, ServiceFixture.path, Self.queue,
                    "List", "uu", "0", "2"
                ], environment: env)
            #expect(listed.output.hasPrefix("a(oa{sv}) 2 \"/org/linnet/Track/2000\""), "\(listed.output)")
            let bad = try Child.run(
                "busctl",
                [
                    "--user", "call", ServiceFixture.bus, ServiceFixture.path, Self.queue,
                    "GoTo", "u", "5000"
                ], environment: env)
            #expect(bad.status != 0 && bad.output.contains("past the end"), "\(bad.output)")

            // Add: next after the current entry, append at the end, now after the current one and playing.
            try f.call(Self.queue, "Add", [DBusValue([demo]), .string("next")])
            #expect(try Self.length(f) == 1_997 && Self.list(f, 1_498, 1) == ["/org/linnet/Track/2001"])
            try f.call(Self.queue, "Add", [DBusValue([demo, demo]), .string("append")])
            #expect(try Self.list(f, 1_997, 5) == ["/org/linnet/Track/2002", "/org/linnet/Track/2003"])
            try f.call(Self.queue, "Add", [DBusValue([demo]), .string("now")])
            try f.waitUntil("the added track plays", timeout: 10) { try f.trackID() == "/org/linnet/Track/2004" }
            #expect(try Self.position(f) == 1_498 && Self.length(f) == 2_000)
            try f.waitUntil("playing", timeout: 10) { try f.status() == "Playing" }

            // Clear empties all of it in one call.
            try f.call(Self.queue, "Clear")
            #expect(try Self.length(f) == 0 && Self.position(f) == -1)
            #expect(try f.tracks().isEmpty)
            try f.waitUntil("stopped", timeout: 10) { try f.status() == "Stopped" }
        }

        /// 100,000 entries: every method works at the far end and Clear empties the queue in one call (the
        /// latencies are measured by `bench/run queue`).
        @Test func oneHundredThousandEntries() throws {
            let f = try ServiceFixture()
            let music = try LargeQueueTests.tree(100_000, in: f.stateDir)
            try f.launch(["--no-restore", music])
            try f.waitUntil("queued", timeout: 180) { try Self.length(f) == 100_000 }
            try f.call(ServiceFixture.player, "Pause")
            #expect(try Self.list(f, 99_990, 50) == (99_991...100_000).map { "/org/linnet/Track/\($0)" })
            try f.call(Self.queue, "GoTo", [.uint32(99_999)])
            #expect(try Self.position(f) == 99_999 && f.trackID() == "/org/linnet/Track/100000")
            #expect(try f.tracks().count == 500)
            try f.call(Self.queue, "Remove", [.array(element: .objectPath, (1...1_000).map(Self.track))])
            #expect(try Self.length(f) == 99_000 && Self.position(f) == 98_999)
            try f.call(Self.queue, "Move", [Self.track(100_000), .uint32(0)])
            #expect(try Self.list(f, 0, 2) == ["/org/linnet/Track/100000", "/org/linnet/Track/1001"])
            #expect(try Self.position(f) == 0)
            try f.call(Self.queue, "Clear")
            #expect(try Self.length(f) == 0 && Self.position(f) == -1 && f.tracks().isEmpty)
        }

        /// OpenUri plays now: the new entry goes right after the current one, the rest of the queue stays.
        @Test func openUriKeepsTheQueue() throws {
            let f = try ServiceFixture()
            try f.launch(["--no-restore", ServiceFixture.demo])
            try f.waitUntil("queued", timeout: 20) { try Self.length(f) == 8 }
            try f.call(Self.queue, "GoTo", [.uint32(2)])
            let before = try Self.all(f)
            try f.playerctl("open", "file://" + ServiceFixture.demo + "/06-bass.opus")
            try f.waitUntil("the opened file plays", timeout: 10) {
                (try f.metadata()["xesam:url"]?.stringValue)?.hasSuffix("/06-bass.opus") == true
            }
            let after = try Self.all(f)
            #expect(try after.count == 9 && Self.position(f) == 3)
            #expect(Array(after[0...2]) == Array(before[0...2]) && Array(after[4...]) == Array(before[3...]))
            try f.waitUntil("playing", timeout: 10) { try f.status() == "Playing" }
            // A malformed URI is refused at the call and the queue survives.
            #expect(
                errorName { try f.call(ServiceFixture.player, "OpenUri", [.string("relative/x.mp3")]) }
                    == DBusError.Name.invalidArgs)
            #expect(try Self.all(f) == after)
        }
    }
}
