import DBus
import PlayerCore
import MPRIS
import Scrobbling

/// What the scrobbler takes from outside linnetd.conf: where the secrets file is, and (tests) the retry timing.
public struct ScrobbleRuntime: Sendable {
    /// `secrets.conf` beside linnetd.conf (a Last.fm login writes its session key there, 0600).
    public var secretsPath: String?
    public var retry = RetryPolicy()
    /// A request's whole time limit.
    public var timeoutSeconds = 30
    public init() {}
}

/// The scrobbler's environment (documented in linnetd(1)): `LINNET_SCROBBLE_RETRY=BASE:LIMIT` (seconds; the
/// back-off from BASE doubling to LIMIT, 10:600 by default) and `LINNET_SCROBBLE_TIMEOUT` (seconds, 30). Tests
/// shorten both; a malformed value is logged and the default kept.
public enum ScrobbleConfiguration {
    public static func runtime(environment: (String) -> String?) -> ScrobbleRuntime {
        var r = ScrobbleRuntime()
        r.secretsPath = DaemonConfigurationFile.secretsPath(environment: environment)
        if let text = environment("LINNET_SCROBBLE_RETRY") {
            if let policy = RetryPolicy(environmentValue: text) {
                r.retry = policy
            } else {
                Log.error("LINNET_SCROBBLE_RETRY=\(text) is not BASE:LIMIT in seconds; using 10:600")
            }
        }
        if let text = environment("LINNET_SCROBBLE_TIMEOUT") {
            if let t = Int(text), (1...600).contains(t) {
                r.timeoutSeconds = t
            } else {
                Log.error("LINNET_SCROBBLE_TIMEOUT=\(text) is not 1 to 600 seconds; using 30")
            }
        }
        return r
    }
}

extension ScrobbleController {
    /// Opens the journal, starts the worker and exports the Scrobbler interface; a failure is logged and the
    /// player runs without scrobbling.
    static func start(
        settings: ScrobbleSettings, runtime: ScrobbleRuntime, stateDirectory: String, player: Player,
        connection: DBusConnection
    ) -> ScrobbleController? {
        let worker: ScrobbleWorker
        do {
            worker = try ScrobbleWorker(
                stateDirectory: stateDirectory, settings: settings, secretsPath: runtime.secretsPath,
                policy: runtime.retry, timeoutSeconds: runtime.timeoutSeconds, log: { Log.info($0) })
        } catch {
            Log.error("scrobble: cannot open the journal: \(error); running without scrobbling")
            return nil
        }
        let controller = ScrobbleController(worker: worker, settings: settings, listens: player.listens)
        do {
            controller.interface = try ScrobblerInterface(
                connection: connection, control: controller, initial: controller.status, log: { Log.error($0) })
        } catch {
            Log.error("scrobble: cannot export the interface: \(error)")
        }
        // The settings' description names the services, never a secret.
        if !settings.services.isEmpty || settings.hasLastFMApplication { Log.info("scrobble: \(settings)") }
        return controller
    }
}
