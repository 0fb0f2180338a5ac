import DBus
import Foundation
import TestSupport

/// One chaos client: its own bus connection (blocking mode) on its own thread, making random MPRIS calls until
/// told to stop. Every call is timed; an error reply counts as a reply, a missing one is a violation.
final class ChaosClient: @unchecked Sendable {
    // Safe: `connection` and `random` are only used by the client's own thread (`run`); the rest is immutable
    // or thread-safe (`SoakStats`, `SharedView`, `Stopper`).
    private let connection: DBusConnection
    private var random: SeededRandom
    private let arguments: ChaosArguments
    private let stats: SoakStats
    private let world: SoakWorld
    private let pause: ClosedRange<Double>
    private let schedule: ChaosSchedule
    private let origin: Double
    /// Calls slower than this are violations (issue 9: none over 1 s).
    static let slowReply = 1.0
    static let callTimeout: Duration = .seconds(5)
    /// Above this many queued tracks, adding gives way to removing (keeps long runs' queue bounded).
    static let queueLimit = 24

    init(index: Int, configuration: SoakConfiguration, world: SoakWorld, view: SharedView, stats: SoakStats) throws {
        connection = try DBusConnection(bus: .address(world.bus.address))
        random = SeededRandom(seed: configuration.seed, stream: 100 + UInt64(index))
        arguments = ChaosArguments(view: view, goodFiles: world.queue)
        self.stats = stats
        self.world = world
        pause = configuration.callPause
        schedule = ChaosSchedule(seed: configuration.seed, seconds: configuration.seconds)
        origin = soakNow()
    }

    deinit { connection.close() }

    /// Calls until `stopper` says stop.
    func run(until stopper: Stopper) {
        while !stopper.isStopped {
            step()
            stopper.sleep(Double.random(in: pause, using: &random))  // pacing between calls (a deliberate rate)
        }
    }

    private var view: SharedView { arguments.view }

    private func step() {
        let player = SoakWorld.player, tl = SoakWorld.trackList
        let crowded = view.tracks.count > Self.queueLimit
        let lull = schedule.isLull(at: soakNow() - origin)
        let kind =
            lull
            ? random.weighted([("Get", 3), ("GetAll", 1)])
            : random.weighted([
                ("Play", 10), ("Pause", 4), ("PlayPause", 5), ("Stop", 2), ("Next", 4), ("Previous", 3), ("Seek", 5),
                ("SetPosition", 5), ("Get", 10), ("GetAll", 4), ("Set", 9), ("AddTrack", 3), ("RemoveTrack", 3),
                ("GoTo", 3), ("OpenUri", 2), ("WrongType", 4), ("RealClient", 1)
            ])
        switch kind {
        case "Play", "Pause", "PlayPause", "Stop", "Next", "Previous":
            call(player, kind, [])
        case "Seek":
            call(player, "Seek", [.int64(arguments.microseconds(&random))])
        case "SetPosition":
            call(player, "SetPosition", [arguments.trackID(&random), .int64(arguments.microseconds(&random))])
        case "Get":
            let (iface, name) = random.weighted([
                ((player, "PlaybackStatus"), 3), ((player, "Position"), 4), ((player, "Metadata"), 2),
                ((player, "Volume"), 1), ((player, "LoopStatus"), 1), ((player, "CanGoNext"), 1),
                ((tl, "Tracks"), 3), ((SoakWorld.root, "Identity"), 1), ((player, "NoSuchProperty"), 1)
            ])
            if let out = call(
                "org.freedesktop.DBus.Properties", "Get", [.string(iface), .string(name)],
                kind: "Get \(name)"), name == "Tracks", let ids = out.first?.unwrappingVariants
            {
                if case .array(_, let items) = ids { view.setTracks(items.compactMap(\.stringValue)) }
            }
        case "GetAll":
            let iface = random.weighted([(player, 3), (tl, 1), (SoakWorld.root, 1), ("org.example.Nothing", 1)])
            call("org.freedesktop.DBus.Properties", "GetAll", [.string(iface)], kind: "GetAll")
        case "Set":
            let (name, value): (String, DBusValue) = random.weighted([
                (("Volume", .double(arguments.volume(&random))), 4),
                (("LoopStatus", .string(arguments.loopStatus(&random))), 3),
                (("Shuffle", .boolean(random.chance(0.5))), 2),
                (("Rate", .double(arguments.rate(&random))), 1),
                (("PlaybackStatus", .string("Playing")), 1)
            ])
            call(
                "org.freedesktop.DBus.Properties", "Set", [.string(player), .string(name), .variant(value)],
                kind: "Set \(name)")
        case "AddTrack":
            if crowded { return removeTrack() }
            let after: DBusValue =
                random.chance(0.3)
                ? .objectPath("/org/mpris/MediaPlayer2/TrackList/NoTrack") : arguments.trackID(&random)
            call(tl, "AddTrack", [.string(arguments.uri(&random)), after, .boolean(random.chance(0.3))])
        case "RemoveTrack":
            removeTrack()
        case "GoTo":
            call(tl, "GoTo", [arguments.trackID(&random)])
        case "OpenUri":
            if crowded { return removeTrack() }
            call(SoakWorld.player, "OpenUri", [.string(arguments.uri(&random))])
        case "WrongType":
            wrongType()
        default:
            realClient()
        }
    }

    private func removeTrack() {
        call(SoakWorld.trackList, "RemoveTrack", [arguments.trackID(&random)])
    }

    /// Calls with arguments of the wrong type or count (each must get an error reply).
    private func wrongType() {
        let player = SoakWorld.player, props = "org.freedesktop.DBus.Properties"
        let (iface, method, args): (String, String, [DBusValue]) = random.weighted([
            ((player, "Seek", [.string("10")]), 1), ((player, "Seek", []), 1), ((player, "Seek", [.double(1e19)]), 1),
            ((player, "SetPosition", [.string("x"), .string("y")]), 1), ((player, "SetPosition", [.int64(0)]), 1),
            ((player, "Play", [.int32(1)]), 1), ((player, "Next", [.string("now")]), 1),
            ((SoakWorld.player, "OpenUri", [.int64(42)]), 1), ((SoakWorld.trackList, "GoTo", [.string("/x")]), 1),
            ((SoakWorld.trackList, "AddTrack", [.string("file:///x"), .string("/y"), .string("true")]), 1),
            ((SoakWorld.trackList, "RemoveTrack", [.uint64(.max)]), 1),
            ((props, "Set", [.string(player), .string("Volume"), .variant(.string("loud"))]), 1),
            ((props, "Set", [.string(player), .string("Volume"), .double(0.5)]), 1),
            ((props, "Set", [.string(player), .string("LoopStatus"), .variant(.int32(1))]), 1),
            ((props, "Set", [.string(player), .string("Shuffle"), .variant(.string("yes"))]), 1),
            ((props, "Set", [.string(player), .string("Rate"), .variant(.string("fast"))]), 1),
            ((props, "Get", [.int32(7)]), 1),
            ((player, "Explode", []), 1)
        ])
        call(iface, method, args, kind: "wrong-type \(method)")
    }

    /// Drives linnetd with playerctl or busctl now and then (they are what desktops and scripts use).
    private func realClient() {
        let env = world.environment
        let dest = SoakWorld.busName, path = SoakWorld.objectPath, player = SoakWorld.player
        let (program, args): (String, [String]) = random.weighted([
            (("playerctl", ["-p", "linnet", "play-pause"]), 2), (("playerctl", ["-p", "linnet", "next"]), 1),
            (("playerctl", ["-p", "linnet", "position", "3"]), 1),
            (("playerctl", ["-p", "linnet", "volume", "0.4"]), 1),
            (("playerctl", ["-p", "linnet", "metadata"]), 1), (("playerctl", ["-p", "linnet", "status"]), 1),
            (("playerctl", ["-p", "linnet", "loop", "Track"]), 1),
            (("playerctl", ["-p", "linnet", "shuffle", "Toggle"]), 1),
            (("busctl", ["--user", "call", dest, path, player, "Seek", "x", "--", "-9223372036854775808"]), 1),
            (("busctl", ["--user", "call", dest, path, player, "Play"]), 1),
            (("busctl", ["--user", "get-property", dest, path, player, "Position"]), 1),
            (("busctl", ["--user", "set-property", dest, path, player, "Volume", "d", "0.7"]), 1)
        ])
        let kind =
            "\(program) \(args.first { !$0.hasPrefix("-") && $0 != "linnet" } ?? "")"
            + (program == "busctl" ? " " + (args.count > 5 ? args[5] : args.last ?? "") : "")
        do {
            _ = try Spawned.run(program, args, environment: env, timeout: 20)
            stats.call(kind, seconds: nil)
        } catch {
            stats.call(kind, seconds: nil)
            stats.violation("no-reply", "\(program) \(args.joined(separator: " ")): \(error)")
        }
    }

    /// One timed call; returns the reply, nil after an error reply or none.
    @discardableResult
    private func call(_ interface: String, _ method: String, _ args: [DBusValue], kind: String? = nil) -> [DBusValue]? {
        let label = kind ?? method
        let start = soakNow()
        if !method.hasPrefix("Get") {
            stats.note("\(method)(\(args.map(Self.brief).joined(separator: ", ")))", at: start)
        }
        do {
            let out = try connection.call(
                destination: SoakWorld.busName, path: SoakWorld.objectPath,
                interface: interface, method: method, arguments: args,
                timeout: Self.callTimeout)
            record(label, start: start, errorName: nil, detail: "")
            return out
        } catch {
            record(label, start: start, errorName: error.name, detail: error.message)
            return nil
        }
    }

    /// An argument in a few characters, for the notes shown next to violations.
    static func brief(_ v: DBusValue) -> String {
        switch v {
        case .string(let s): return "\"\(s.prefix(40))\""
        case .objectPath(let p): return p.rawValue
        case .variant(let inner): return brief(inner)
        default: return "\(v)".prefix(40).description
        }
    }

    private func record(_ label: String, start: Double, errorName: String?, detail: String) {
        let elapsed = soakNow() - start
        let lost: Set<String> = [
            DBusError.Name.noReply, DBusError.Name.timeout, DBusError.Name.disconnected,
            DBusError.Name.serviceUnknown, DBusError.Name.nameHasNoOwner
        ]
        if let errorName, lost.contains(errorName) {
            stats.call(label, seconds: nil, errorName: errorName)
            stats.violation("no-reply", "\(label): \(errorName): \(detail) after \(String(format: "%.3f", elapsed)) s")
            return
        }
        stats.call(label, seconds: elapsed, errorName: errorName)
        if elapsed > Self.slowReply {
            stats.violation("slow-reply", "\(label) answered after \(String(format: "%.3f", elapsed)) s")
        }
    }
}
