import DBus
import Dispatch
import MPD
import MPRIS
import PlayerCore
import QueueStore
import Streaming

/// What the service is started with: decided by the executable from its arguments, environment and files.
public struct ServiceSettings: Sendable {
    /// linnetd.conf with the command line's overrides applied.
    public var configuration: DaemonConfiguration
    /// Where the queue and library databases live.
    public var stateDirectory: String
    /// The command line's paths: they replace the queue and play.
    public var paths: [String]
    public var workingDirectory: String
    /// Folders the library scans (LibraryController.folders).
    public var libraryFolders: [String]
    public var streamSettings: StreamSettings
    /// Where a Last.fm login keeps its session key, and the retry timing (from the environment in tests).
    public var scrobbling = ScrobbleRuntime()

    public init(
        configuration: DaemonConfiguration, stateDirectory: String, paths: [String],
        workingDirectory: String, libraryFolders: [String], streamSettings: StreamSettings
    ) {
        self.configuration = configuration
        self.stateDirectory = stateDirectory
        self.paths = paths
        self.workingDirectory = workingDirectory
        self.libraryFolders = libraryFolders
        self.streamSettings = streamSettings
    }
}

/// The player service: the player, its controllers and the bus interfaces that show them, wired once here.
/// The executable gives it a connection and an output, then takes the bus name when `whenReady` says so.
///
/// Concurrency: main actor, like everything it holds.
@MainActor
public final class LinnetService {
    /// Why the service could not start (a bus interface could not be exported).
    public struct StartError: Error, CustomStringConvertible {
        public let description: String
    }

    let connection: DBusConnection
    let player: Player
    let mpris: MPRISService
    let persistence: StatePersistence?
    let effects: EffectsController
    let recorder: RecorderController
    /// The scrobbler, from the bus name on (nil when its journal cannot be opened: logged, the player runs
    /// without it).
    private(set) var scrobbler: ScrobbleController?
    private let settings: ServiceSettings
    private let startupLoads: Bool
    private(set) var library: LibraryController?
    /// The MPD-protocol front end, when configured.
    private(set) var mpd: MPDServer?
    /// Keeps the controllers that only the bus reaches alive (they have no other owner).
    private let retained: [AnyObject]
    /// What to do when a client asks to quit (save and exit).
    private let onQuit: @MainActor () -> Void

    /// Builds the player (restoring `saved`, the queue database's state, or queueing `settings.paths`) and exports
    /// every interface; nothing is announced before this returns, so the first snapshot is the exported state.
    /// `database` nil: the queue is not remembered.
    public init(
        connection: DBusConnection, outputs setup: OutputSetup, database: QueueDatabase?,
        restoring saved: PlayerState?, settings: ServiceSettings, onQuit: @escaping @MainActor () -> Void
    ) throws(StartError) {
        func exported<T>(_ what: String, _ make: () throws(DBusError) -> T) throws(StartError) -> T {
            do { return try make() } catch { throw StartError(description: "cannot export the \(what): \(error)") }
        }
        self.connection = connection
        self.settings = settings
        self.onQuit = onQuit
        let configuration = settings.configuration
        let player = Player(
            output: setup.engineOutput, streamSettings: settings.streamSettings, route: configuration.policyOptions,
            outputAvailable: setup.connected,
            exclusive: configuration.exclusive == true ? ExclusiveMode(connection: connection) : nil,
            musicFolders: settings.libraryFolders)
        self.player = player
        let outputs = OutputController(player: player, setup: setup)
        player.outputs = outputs
        player.route.setOutputs(outputs.descriptions)
        outputs.onChange = { [unowned player, unowned outputs] in player.route.setOutputs(outputs.descriptions) }
        player.replayGainMode = configuration.replayGainMode ?? .off
        player.replayGainPreamp = configuration.replayGainPreampDB ?? 0
        // Restored or queued before the bus sees anything: the first snapshot is the exported state, not a change.
        startupLoads = player.startUp(
            saved: saved, paths: settings.paths, workingDirectory: settings.workingDirectory)
        let log: @Sendable (String) -> Void = { Log.error($0) }
        mpris = try exported("MPRIS objects") { () throws(DBusError) in
            try MPRISService(connection: connection, control: player, initial: player.snapshot(), log: log)
        }
        let route = try exported("route interface") { () throws(DBusError) in
            try LinnetRouteService(connection: connection, initial: player.route.snapshot, outputs: outputs, log: log)
        }
        player.route.addObserver(route)
        let extras = try exported("playback interface") { () throws(DBusError) in
            try LinnetPlaybackService(
                connection: connection, control: player, initial: player.extrasSnapshot, log: log)
        }
        let stream = try exported("stream interface") { () throws(DBusError) in
            try LinnetStreamService(connection: connection, initial: player.streamSnapshot(), log: log)
        }
        let queue = try exported("queue interface") { () throws(DBusError) in
            try LinnetQueueService(connection: connection, control: player, log: log)
        }
        let lyrics = try exported("lyrics interface") { () throws(DBusError) in
            try LyricsController(
                connection: connection, heardPosition: { [unowned player] in player.positionMicroseconds },
                log: log)
        }
        let busClients = BusClientWatch(connection: connection)
        let meters = try exported("meters interface") { () throws(DBusError) in
            try MeterController(connection: connection, clients: busClients, player: setup.local)
        }
        effects = try exported("effects interface") { () throws(DBusError) in
            try EffectsController(connection: connection, clients: busClients)
        }
        recorder = try exported("recorder interface") { () throws(DBusError) in
            try RecorderController(connection: connection, meters: meters)
        }
        persistence = database.map { database in
            StatePersistence(
                database: database, initial: player.persistentState(),
                current: { [unowned player] in player.persistentState() })
        }
        retained = [busClients]
        for observer: (any PlayerObserver)? in [mpris, extras, stream, queue, meters, persistence, lyrics] {
            if let observer { player.addObserver(observer) }
        }
        player.addObserver(self)
        mpd = MPDFrontEnd.start(configuration: configuration, player: player)
        // A restored, paused track has no event to come: its art and lyrics are found now.
        DispatchQueue.main.async { player.updateNowPlaying() }
    }

    /// Calls `takeName` once the bus may see the player: at once, or once start-up's load is published (the call
    /// D-Bus activation holds for us then reads the restored state, not Stopped), at the latest after 2 s.
    public func whenReady(_ takeName: @escaping () -> Void) {
        player.whenStartupSettled(loading: startupLoads, timeout: .seconds(2), takeName)
    }

    /// Takes `org.mpris.MediaPlayer2.linnet` (or an instance name), then opens the library and the scrobbling
    /// journal; returns the name. The databases are opened after the name (a new scrobble.db alone syncs to disk
    /// eight times) but in this same turn of the main queue: no bus call is dispatched before the Library,
    /// Playlists and Scrobbler interfaces exist, so a call that activation queued for us still finds them.
    public func claimNameAndOpenDatabases() throws(DBusError) -> String {
        let name = try mpris.claimName()
        library = LibraryController.start(
            stateDirectory: settings.stateDirectory, folders: settings.libraryFolders, player: player,
            connection: connection)
        if let library, let mpd { mpd.library = MPDLibraryAdapter(controller: library, server: mpd) }
        scrobbler = ScrobbleController.start(
            settings: settings.configuration.scrobbling, runtime: settings.scrobbling,
            stateDirectory: settings.stateDirectory, player: player, connection: connection)
        return name
    }

    /// The folders the library scans: the desktop's music folder (when it exists), linnetd.conf's, the command
    /// line's.
    public static func libraryFolders(
        configuration: DaemonConfiguration, commandLine: [String], environment: (String) -> String?,
        workingDirectory: String
    ) -> [String] {
        LibraryController.folders(
            settings: configuration, commandLine: commandLine, environment: environment,
            workingDirectory: workingDirectory)
    }

    /// Saves the state, stops the recorder, effects and engine, and closes the bus connection.
    public func shutDown() {
        persistence?.saveNow()
        mpd?.stop()
        recorder.shutDown()
        effects.shutDown()
        player.engine.stop()
        connection.flush()
        connection.close()
    }
}

extension LinnetService: PlayerObserver {
    func playerQuitRequested() { onQuit() }
}
