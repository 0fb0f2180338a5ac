import DBus
import Dispatch
import PlayerCore

/// Exports `org.mpris.MediaPlayer2.linnet.Meters` on `/org/mpris/MediaPlayer2`: `EnableMeters(b)`
/// per client (by its unique bus name), property `Listeners` (u), and the signal
/// `Levels(s which, ad averageDb, ad peakDb)` with `which` = `player` or `recorder`, one value per channel.
///
/// Concurrency: main actor; its connection runs on the main queue and D-Bus enters through `onMainActor`.
@MainActor
public final class MetersInterface {
    public static let interface = "org.mpris.MediaPlayer2.linnet.Meters"

    let connection: DBusConnection
    let log: @Sendable (String) -> Void
    /// `Levels`, checked once: it goes out 20 times a second per meter.
    let levelsSignal: PreparedSignal

    /// - Parameters:
    ///   - enable: a client (unique bus name) turned its meters on or off; runs on the connection's queue.
    ///   - listeners: how many clients have meters on now.
    public init(
        connection: DBusConnection, enable: @escaping @MainActor @Sendable (String, Bool) -> Void,
        listeners: @escaping @MainActor @Sendable () -> Int, log: @escaping @Sendable (String) -> Void
    ) throws(DBusError) {
        self.connection = connection
        self.log = log
        levelsSignal = try connection.prepareSignal(
            path: MPRISNames.objectPath, interface: Self.interface, name: "Levels")
        let iface = DBusInterface(
            Self.interface,
            methods: [
                DBusMethod.onMainActor("EnableMeters", in: "b", inNames: ["Enabled"]) { call in
                    guard let sender = call.sender else {
                        throw DBusError.invalidArgs("EnableMeters needs a bus client")
                    }
                    guard case .boolean(let on) = call.arguments[0] else { throw DBusError.invalidArgs("expected b") }
                    enable(sender, on)
                    return []
                }
            ],
            properties: [
                DBusProperty.onMainActor(
                    "Listeners", signature: .uint32, emitsChange: .none,
                    get: { .uint32(UInt32(clamping: listeners())) })
            ],
            signals: [
                DBusSignalDeclaration("Levels", signature: "sadad", argNames: ["Which", "AverageDb", "PeakDb"])
            ])
        try connection.export(path: MPRISNames.objectPath, interfaces: [iface])
    }

    /// Sends `Levels(which, averageDb, peakDb)`.
    nonisolated public func levels(_ which: String, _ reading: LevelReading) {
        do {
            try connection.emit(levelsSignal) { (body) throws(DBusError) in
                try body.append(which)
                try body.append(reading.averageDb)
                try body.append(reading.peakDb)
            }
        } catch {
            log("meters: could not emit Levels: \(error)")
        }
    }
}
