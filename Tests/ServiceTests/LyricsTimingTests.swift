import DBus
import Dispatch
import Foundation
import Testing
import TestSupport

/// Each CurrentLine change as it arrived, with the heard position (Player.Position) read the moment it arrived.
final class LineChangeRecorder: @unchecked Sendable {
    // Safe: `changes` is a LockedBox; the connections are immutable after init; `position` is only used on the
    // signal queue (the handler), never elsewhere.
    struct Change: Sendable { var line: Int32; var position: Int64 }
    let signals: DBusConnection
    let position: DBusConnection
    let changes = LockedBox<[Change]>([])
    private let arrived = DispatchSemaphore(value: 0)

    init(address: String) throws {
        signals = try DBusConnection(bus: .address(address), queue: DispatchQueue(label: "test.lines"))
        position = try DBusConnection(bus: .address(address))
        _ = try signals.subscribe(
            DBusMatchRule(
                path: ServiceFixture.path, interface: "org.freedesktop.DBus.Properties",
                member: "PropertiesChanged", arg0: lyricsInterface)
        ) {
            [changes, arrived, position] signal in
            guard signal.arguments.count >= 2,
                case .int32(let line)? =
                    signal.arguments[1].stringKeyedDictionary?["CurrentLine"]?.unwrappingVariants
            else { return }
            let heard =
                (try? position.getProperty(
                    destination: ServiceFixture.bus, path: ServiceFixture.path,
                    interface: ServiceFixture.player, name: "Position",
                    timeout: .seconds(5)))?.integerValue ?? -1
            changes.update { $0.append(Change(line: line, position: heard)) }
            arrived.signal()
        }
    }

    deinit {
        signals.close()
        position.close()
    }

    /// The first change to `line` recorded after index `from`, waiting up to `timeout` seconds.
    func wait(for line: Int32, after from: Int = 0, timeout: Double = 20) -> Change? {
        let deadline = DispatchTime.now() + timeout
        while true {
            if let c = changes.get().dropFirst(from).first(where: { $0.line == line }) { return c }
            if arrived.wait(timeout: deadline) == .timedOut {
                return changes.get().dropFirst(from).first { $0.line == line }
            }
        }
    }

    var count: Int { changes.get().count }
}

/// Linnet's lyrics interface.
let lyricsInterface = "org.mpris.MediaPlayer2.linnet.Lyrics"

extension ServiceSuites {
    /// The current lyrics line follows the HEARD position during real playback on a private pulseaudio: each
    /// change is announced within 50 ms of its stamp, after seeks (both ways) and across pause/resume.
    @Suite(.serialized) struct LyricsTimingTests {
        static let stamps: [Int64] = [500_000, 2_570_000, 5_480_000, 8_220_000, 10_390_000]
        static let tolerance: Int64 = 50_000

        func check(_ c: LineChangeRecorder.Change?, line: Int, _ what: String, errors: inout [Int64]) {
            guard let c else { Issue.record("no CurrentLine \(line) (\(what))"); return }
            let error = c.position - Self.stamps[line]
            errors.append(error)
            #expect(
                error >= -5_000 && error <= Self.tolerance,
                "line \(line) (\(what)) announced at heard position \(c.position) µs, \(error) µs from its stamp")
        }

        @Test func currentLineChangesWithin50msOfEachStamp() throws {
            let f = try ServiceFixture()
            try f.launch([ServiceFixture.demo + "/01-intro.mp3"])
            _ = try f.playerctl("pause")
            try f.waitUntil("lyrics", timeout: 20) { try f.get(lyricsInterface, "HasLyrics") == .boolean(true) }
            let r = try LineChangeRecorder(address: f.servers.busAddress)
            let track = try #require(try f.trackID()).replacingOccurrences(of: "'", with: "")
            func setPosition(_ us: Int64) throws {
                try f.call(ServiceFixture.player, "SetPosition", [.objectPath(DBusObjectPath(track)!), .int64(us)])
            }
            var errors: [Int64] = []
            // From the start: lines 0 and 1 while playing.
            try setPosition(0)
            try f.waitUntil("line -1 at 0", timeout: 20) { try f.get(lyricsInterface, "CurrentLine") == .int32(-1) }
            var mark = r.count
            _ = try f.playerctl("play")
            check(r.wait(for: 0, after: mark), line: 0, "from the start", errors: &errors)
            check(r.wait(for: 1, after: mark), line: 1, "from the start", errors: &errors)
            // Seek forward into line 2: announced at once, then line 3 on time.
            mark = r.count
            try setPosition(6_000_000)
            let jumped = r.wait(for: 2, after: mark)
            #expect(
                jumped.map { $0.position >= 6_000_000 && $0.position < 6_000_000 + Self.tolerance } == true,
                "line 2 after the seek: \(String(describing: jumped))")
            check(r.wait(for: 3, after: mark), line: 3, "after a seek forward", errors: &errors)
            // Seek back into line 0, then line 1 on time.
            mark = r.count
            try setPosition(1_000_000)
            #expect(r.wait(for: 0, after: mark) != nil, "line 0 after seeking back")
            check(r.wait(for: 1, after: mark), line: 1, "after a seek back", errors: &errors)
            // Pause in line 1 (at 4.5 s, line 2 starts at 5.48 s): no change while paused; after resuming, line 2 on time.
            try setPosition(4_500_000)
            _ = try f.playerctl("pause")
            try f.waitUntil("paused", timeout: 20) { try f.status() == "Paused" }
            mark = r.count
            let pausedAt = try f.position()
            #expect(pausedAt < Self.stamps[2], "paused at \(pausedAt)")
            // The stamp of line 2 is ~1 s ahead in track time: nothing may arrive while paused (waiting past it).
            #expect(
                r.wait(for: 2, after: mark, timeout: Double(Self.stamps[2] - pausedAt) / 1e6 + 0.5) == nil,
                "CurrentLine changed while paused")
            _ = try f.playerctl("play")
            check(r.wait(for: 2, after: mark), line: 2, "after pause/resume", errors: &errors)
            check(r.wait(for: 3, after: mark), line: 3, "after pause/resume", errors: &errors)
            check(r.wait(for: 4, after: mark), line: 4, "after pause/resume", errors: &errors)
            // The end: stopped, no line.
            #expect(r.wait(for: -1, after: mark) != nil, "CurrentLine -1 once stopped")
            let ms = errors.map { String(format: "%.1f", Double($0) / 1000) }.joined(separator: ", ")
            print("lyrics timing: CurrentLine change minus stamp (ms): \(ms)")
        }

        @Test func linnetLyricsPrintsAndFollows() throws {
            let f = try ServiceFixture()
            try f.launch([ServiceFixture.demo + "/01-intro.mp3"])
            _ = try f.playerctl("pause")
            try f.waitUntil("lyrics", timeout: 20) { try f.get(lyricsInterface, "HasLyrics") == .boolean(true) }
            let linnet = (ServiceFixture.binary as NSString).deletingLastPathComponent + "/linnet"
            let expected = """
                [00:00.50] Linnet demo, track one.
                [00:02.57] A music player for the Linux desktop.
                [00:05.48] One two three four
                [00:08.22] These words are timed lyrics.
                [00:10.39]

                """
            let printed = try Child.run(linnet, ["lyrics"], environment: f.environment)
            #expect(printed.status == 0)
            #expect(printed.output == expected)
            // --follow on a pipe: one line per change, from the start to the end of the track.
            let track = try #require(try f.trackID())
            try f.call(ServiceFixture.player, "SetPosition", [.objectPath(DBusObjectPath(track)!), .int64(0)])
            try f.waitUntil("line -1", timeout: 20) { try f.get(lyricsInterface, "CurrentLine") == .int32(-1) }
            let out = f.stateDir.file("follow.txt")
            let follower = try Child(
                linnet, ["lyrics", "--follow", "--exit-when-stopped"], environment: f.environment,
                output: out)
            defer { follower.kill(SIGKILL) }
            _ = try f.playerctl("play")
            #expect(try follower.wait(timeout: 40) == 0)
            #expect((try? String(contentsOfFile: out, encoding: .utf8)) == expected)
        }
    }
}
