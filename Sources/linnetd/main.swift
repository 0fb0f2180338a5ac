import DBus
import Dispatch
import FileSystem
import Glibc
import Malloc
import MPRIS
import PlayerCore
import QueueStore

// linnetd: the composition root. Everything runs on the main queue (see Player.swift); dispatchMain() never returns.

CrashReporter.install()
// Two malloc arenas instead of 8 per core: the library scan's worker threads would otherwise each keep an arena
// of freed pages for the daemon's whole life.
MallocTuning.limitArenas(to: 2)
// Big arrays (queue storage, scan batches) always in pages of their own, returned whole when freed.
MallocTuning.fixMmapThreshold(bytes: 256 * 1024)

let arguments: Arguments
do {
    // argv as bytes: CommandLine.arguments would replace a file name's non-UTF-8 bytes with U+FFFD.
    arguments = try Arguments(
        (1..<Int(CommandLine.argc)).compactMap { CommandLine.unsafeArgv[$0].map { BytePath.string(cString: $0) } })
} catch {
    Log.raw("linnetd: \(error.message)\n\(Arguments.usage)\n")
    exit(64)  // EX_USAGE
}
if arguments.help {
    print(Arguments.usage)
    exit(0)
}

func environment(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }

func workingDirectory() -> String {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    guard getcwd(&buffer, buffer.count) != nil else { return "/" }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

func fail(_ message: String) -> Never {
    Log.error(message)
    exit(1)
}

let stateDirectory: String
if let dir = arguments.stateDirectory {
    stateDirectory = dir.hasPrefix("/") ? dir : workingDirectory() + "/" + dir
} else {
    var env: [String: String] = [:]
    env["XDG_STATE_HOME"] = environment("XDG_STATE_HOME")
    env["HOME"] = environment("HOME")
    do { stateDirectory = try StateStore.defaultDirectory(environment: env) } catch { fail("\(error)") }
}
let database = QueueDatabase(directory: stateDirectory)
var saved: PlayerState?
var canSave = false
do {
    let opened = try database.open()
    for note in opened.notes { Log.info(note) }
    (saved, canSave) = (opened.state, true)
} catch {
    Log.error("\(error); the queue will not be remembered")
}

let queue = DispatchQueue.main
let connection: DBusConnection
do { connection = try DBusConnection(bus: .session, queue: queue) } catch {
    fail("cannot connect to the session bus: \(error)")
}
let output: any AudioOutput
let outputConnected: Bool
do { (output, outputConnected) = try OutputFactory.make() } catch { fail("cannot open the sound output: \(error)") }
if !outputConnected { Log.info("no sound server yet: waiting for one (D-Bus is served meanwhile)") }

let player = Player(
    queue: queue, output: output,
    streamSettings: StreamConfiguration.settings(environment: environment))
var configuration = DaemonConfigurationFile.load(environment: environment)
configuration.autoResumeWindowSeconds = arguments.autoResumeWindowSeconds ?? configuration.autoResumeWindowSeconds
configuration.exclusive = arguments.exclusive ?? configuration.exclusive
player.replayGainMode = configuration.replayGainMode ?? .off
player.replayGainPreamp = configuration.replayGainPreampDB ?? 0
let routeController = RouteController(
    player: player, options: configuration.policyOptions,
    outputAvailable: outputConnected)
player.route = routeController
if configuration.exclusive == true { routeController.exclusive = ExclusiveMode(connection: connection) }
let persistence =
    canSave ? StatePersistence(database: database, queue: queue, current: { player.persistentState() }) : nil
player.persistence = persistence
// Restored or queued before the bus sees anything: the first snapshot is the exported state, not a change.
let startupLoads = player.startUp(
    saved: arguments.restore ? saved : nil, paths: arguments.paths,
    workingDirectory: workingDirectory())
saved = nil  // the player holds the queue now; a second copy would outlive its first edit
MallocTuning.trim()  // give back what reading a large saved queue left free
let mpris: MPRISService
do {
    mpris = try MPRISService(
        connection: connection, control: player, initial: player.snapshot(),
        log: { Log.error($0) })
} catch {
    fail("cannot export the MPRIS objects: \(error)")
}
do {
    routeController.service = try LinnetRouteService(
        connection: connection, initial: routeController.snapshot,
        log: { Log.error($0) })
} catch {
    fail("cannot export the route interface: \(error)")
}

/// Saves and exits; runs on the main queue.
@Sendable func finish(_ reason: String) {
    Log.info("\(reason): saving state and exiting")
    persistence?.saveNow()
    recorder.shutDown()
    effects.shutDown()
    player.engine.stop()
    connection.flush()
    connection.close()
    exit(0)
}

player.mpris = mpris
do {
    player.playbackExtras = try LinnetPlaybackService(
        connection: connection, control: player,
        initial: player.extrasSnapshot, log: { Log.error($0) })
} catch {
    fail("cannot export the playback interface: \(error)")
}
do {
    player.streamService = try LinnetStreamService(
        connection: connection, initial: player.streamSnapshot(),
        log: { Log.error($0) })
} catch {
    fail("cannot export the stream interface: \(error)")
}
do {
    player.queueService = try LinnetQueueService(connection: connection, control: player, log: { Log.error($0) })
} catch {
    fail("cannot export the queue interface: \(error)")
}
do {
    player.lyricsController = try LyricsController(
        connection: connection, queue: queue,
        heardPosition: { player.positionMicroseconds },
        log: { Log.error($0) })
} catch {
    fail("cannot export the lyrics interface: \(error)")
}
let busClients = BusClientWatch(connection: connection)
do {
    player.meters = try MeterController(
        connection: connection, clients: busClients, player: output as? any LevelMetering)
} catch {
    fail("cannot export the meters interface: \(error)")
}
let effects: EffectsController
do { effects = try EffectsController(connection: connection, clients: busClients) } catch {
    fail("cannot export the effects interface: \(error)")
}
let recorder: RecorderController
do { recorder = try RecorderController(connection: connection, meters: player.meters) } catch {
    fail("cannot export the recorder interface: \(error)")
}
let libraryFolders = LibraryController.folders(
    settings: configuration, arguments: arguments,
    environment: environment, workingDirectory: workingDirectory())
/// Opened right after the bus name is taken (see takeBusName); kept for the life of the process. Unsafe is
/// safe here: written once and only ever touched on the main queue, where takeBusName runs.
nonisolated(unsafe) var library: LibraryController?
// A restored, paused track has no event to come: find its art and lyrics now.
queue.async { player.updateNowPlaying() }
player.onQuit = { finish("Quit") }
connection.onDisconnect = { finish("lost the session bus") }
connection.onNameLost = { Log.info("lost the bus name \($0)") }
connection.onMethodCall = { CrashReporter.note($0, $1) }
Shutdown.install(on: queue) { finish($0) }

// All handlers run on the main queue, so nothing below races with a bus call: they wait for dispatchMain().
func takeBusName() {
    do {
        let name = try mpris.claimName()
        Log.info("ready on the session bus as \(name)")
    } catch {
        fail("cannot own a bus name: \(error)")
    }
    // The library database is opened after the name is taken (opening it was the largest step before it), but
    // in this same block on the service queue: no bus call is dispatched before the Library and Playlists
    // interfaces exist, so a call that activation queued for us still finds them.
    library = LibraryController.start(
        stateDirectory: stateDirectory, folders: libraryFolders, player: player,
        connection: connection, queue: queue)
}
if startupLoads {
    // The name once the engine's paused load (or the command line's first track) is published: the call that
    // D-Bus activation holds for us then reads the restored state, not Stopped. Bounded: a file that hangs or a
    // stream the server never creates still lets the name be taken.
    player.startupGate = StartupGate(queue: queue, timeout: .seconds(2)) { takeBusName() }
} else {
    takeBusName()
}
dispatchMain()
