import DBus
import Dispatch
import MPRIS
import PlayerCore

/// `--exclusive`: when Linnet starts playing, pause the other MPRIS players that are Playing; when
/// Linnet stops or its queue ends, resume those it paused that are still Paused — like a phone's playback audio
/// session that interrupts others and notifies them when it ends.
///
/// Concurrency: main actor: every bus call is `callAsync`, whose completion runs on the main queue and enters
/// through `onMainQueue`. Nothing blocks the loop.
@MainActor
final class ExclusiveMode {
    let connection: DBusConnection
    /// Bus names of players Linnet paused.
    private var paused: Set<String> = []
    /// Bumped on each start/stop, so answers to an older round are dropped (a quick play→stop→play).
    private var round: UInt64 = 0
    private nonisolated static let prefix = "org.mpris.MediaPlayer2."
    private static let timeout: Duration = .seconds(2)

    init(connection: DBusConnection) { self.connection = connection }

    /// Linnet's state changed; `outputAvailable` false means the server vanished (not the user's stop).
    func linnetStateChanged(_ state: PlaybackState, outputAvailable: Bool) {
        switch state {
        case .playing: pauseOthers()
        case .stopped where outputAvailable: resumeOthers()
        default: break
        }
    }

    private func pauseOthers() {
        round &+= 1
        let current = round
        let ours = connection.ownedNames
        connection.callAsync(
            destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
            interface: "org.freedesktop.DBus", method: "ListNames", timeout: Self.timeout,
            completion: onMainQueue { [self] r in
                guard current == round, case .success(let out) = r, let names = out.first?.as([String].self) else {
                    return
                }
                for name in names where name.hasPrefix(Self.prefix) && !ours.contains(name) {
                    status(of: name) { [self] status in
                        guard current == round, status == "Playing" else { return }
                        paused.insert(name)
                        command(name, "Pause")
                        Log.info("exclusive: paused \(name)")
                    }
                }
            })
    }

    private func resumeOthers() {
        round &+= 1
        let current = round
        let names = paused
        paused.removeAll()
        for name in names {
            status(of: name) { [self] status in
                // Only those still paused (the user may have played or stopped them meanwhile).
                guard current == round, status == "Paused" else { return }
                command(name, "Play")
                Log.info("exclusive: resumed \(name)")
            }
        }
    }

    private func status(of name: String, _ then: @escaping @MainActor @Sendable (String?) -> Void) {
        connection.callAsync(
            destination: name, path: MPRISNames.objectPath, interface: "org.freedesktop.DBus.Properties",
            method: "Get", arguments: [.string(MPRISNames.playerInterface), .string("PlaybackStatus")],
            timeout: Self.timeout,
            completion: onMainQueue { r in
                guard case .success(let out) = r, let v = out.first else { return then(nil) }
                then(v.unwrappingVariants.stringValue)
            })
    }

    private func command(_ name: String, _ method: String) {
        connection.callAsync(
            destination: name, path: MPRISNames.objectPath, interface: MPRISNames.playerInterface,
            method: method, timeout: Self.timeout
        ) { r in
            if case .failure(let e) = r { Log.error("exclusive: \(method) on \(name): \(e)") }
        }
    }
}
