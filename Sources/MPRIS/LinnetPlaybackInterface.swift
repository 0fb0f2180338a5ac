import DBus
import Dispatch
import PlayerCore

/// Names of Linnet's playback extension, next to the MPRIS interfaces on `/org/mpris/MediaPlayer2`.
public enum LinnetPlaybackNames {
    public static let interface = "org.mpris.MediaPlayer2.linnet.Playback"
}

/// What the playback extension shows: balance and the current track's remaining repeats.
public struct PlaybackExtrasSnapshot: Sendable, Hashable {
    /// −1 (left only) … 0 (centre) … 1 (right only).
    public var balance: Double
    /// How many more times the current track plays before the queue goes on (0: no count).
    public var loopCount: Int
    public var replayGainMode: ReplayGainMode
    /// Pre-amp in dB added to the ReplayGain gain.
    public var replayGainPreamp: Double

    public init(
        balance: Double = 0, loopCount: Int = 0, replayGainMode: ReplayGainMode = .off,
        replayGainPreamp: Double = 0
    ) {
        self.balance = balance
        self.loopCount = loopCount
        self.replayGainMode = replayGainMode
        self.replayGainPreamp = replayGainPreamp
    }
}

/// The player as the playback extension drives it; called on the connection's queue.
@MainActor
public protocol PlaybackExtrasControl: AnyObject, Sendable {
    /// Sets the balance (already checked to be within −1 … 1).
    func setBalance(_ balance: Double)
    /// Plays the current track `count` more times, then goes on (0 cancels; LoopStatus shows Track meanwhile).
    func setLoopCount(_ count: Int)
    /// Sets the ReplayGain mode and pre-amp (dB, already checked to be within −15 … 15).
    func setReplayGain(mode: ReplayGainMode, preampDB: Double)
}

/// Exports `org.mpris.MediaPlayer2.linnet.Playback`: `Balance` d (read/write, −1 … 1), `LoopCount` i
/// (read/write, ≥ 0), `ReplayGainMode` s (off, track, album, auto) and `ReplayGainPreamp` d (dB, −15 … 15), all
/// read/write and announced with PropertiesChanged.
///
/// Concurrency: main actor; its connection runs on the main queue and D-Bus enters through `onMainActor`.
@MainActor
public final class LinnetPlaybackService {
    let connection: DBusConnection
    let log: @Sendable (String) -> Void
    var last: PlaybackExtrasSnapshot

    public init(
        connection: DBusConnection, control: any PlaybackExtrasControl, initial: PlaybackExtrasSnapshot,
        log: @escaping @Sendable (String) -> Void
    ) throws(DBusError) {
        guard connection.runsOnMainQueue else {
            throw .invalidArgs("LinnetPlaybackService needs a connection on the main queue")
        }
        self.connection = connection
        self.log = log
        self.last = initial
        let iface = DBusInterface(
            LinnetPlaybackNames.interface,
            properties: Self.properties.declarations(
                current: { [unowned self] in last },
                setters: [
                    "Balance": { v in
                        guard let b = v.doubleValue, b.isFinite, b >= -1, b <= 1 else {
                            throw DBusError.invalidArgs("Balance must be a number from -1.0 (left) to 1.0 (right)")
                        }
                        control.setBalance(b)
                    },
                    "LoopCount": { v in
                        guard case .int32(let n) = v, n >= 0 else {
                            throw DBusError.invalidArgs("LoopCount must be an int32 of 0 or more")
                        }
                        control.setLoopCount(Int(n))
                    },
                    "ReplayGainMode": { [unowned self] v in
                        guard let mode = v.stringValue.flatMap(ReplayGainMode.init(rawValue:)) else {
                            throw DBusError.invalidArgs("ReplayGainMode must be off, track, album or auto")
                        }
                        control.setReplayGain(mode: mode, preampDB: last.replayGainPreamp)
                    },
                    "ReplayGainPreamp": { [unowned self] v in
                        guard let db = v.doubleValue, db.isFinite, abs(db) <= 15 else {
                            throw DBusError.invalidArgs("ReplayGainPreamp must be dB from -15 to 15")
                        }
                        control.setReplayGain(mode: last.replayGainMode, preampDB: db)
                    }
                ]))
        try connection.export(path: MPRISNames.objectPath, interfaces: [iface])
    }

    nonisolated static let properties = SnapshotProperties<PlaybackExtrasSnapshot>([
        .init("Balance", .double) { .double($0.balance) },
        .init("LoopCount", .int32) { .int32(Int32(clamping: $0.loopCount)) },
        .init("ReplayGainMode", .string) { .string($0.replayGainMode.rawValue) },
        .init("ReplayGainPreamp", .double) { .double($0.replayGainPreamp) }
    ])

    /// Publishes changed properties (one PropertiesChanged).
    public func update(_ snapshot: PlaybackExtrasSnapshot) {
        let changed = Self.properties.changes(from: last, to: snapshot)
        last = snapshot
        connection.announce(changed, interface: LinnetPlaybackNames.interface, what: "playback", log: log)
    }
}
