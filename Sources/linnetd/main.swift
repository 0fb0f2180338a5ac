import BuildInfo
import DBus
import Dispatch
import FileSystem
import Glibc
import Malloc
import PlayerCore
import PlayerService
import QueueStore
import Threading

// linnetd, the executable: arguments, the state directory, the bus connection and the sound output, signals and
// the bus name. The player and its interfaces are LinnetService (PlayerService); everything runs on the main actor,
// whose executor is the main queue (see Player.swift), run on the main thread by MainQueueLoop, which never returns.

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
if arguments.version {
    print(BuildInfo.versionLine(program: "linnetd"))
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

// The sound server's handshake goes on on libpulse's thread while the queue database opens and the bus connects
// (a millisecond of every start); OutputFactory.make below waits for it.
let connectingOutput: OutputFactory.Connecting
do { connectingOutput = try OutputFactory.beginConnecting() } catch { fail("cannot open the sound output: \(error)") }

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

let connection: DBusConnection
do { connection = try DBusConnection(bus: .session, queue: .main) } catch {
    fail("cannot connect to the session bus: \(error)")
}
var configuration = DaemonConfigurationFile.load(environment: environment)
if !arguments.outputs.isEmpty { configuration.outputs = arguments.outputs }
let outputs: OutputSetup
do { outputs = try OutputFactory.make(configuration.outputs, connecting: connectingOutput) } catch {
    fail("cannot open the sound output: \(error)")
}
if !outputs.connected { Log.info("no sound server yet: waiting for one (D-Bus is served meanwhile)") }

configuration.autoResumeWindowSeconds = arguments.autoResumeWindowSeconds ?? configuration.autoResumeWindowSeconds
configuration.exclusive = arguments.exclusive ?? configuration.exclusive
configuration.mpdAddress = arguments.mpdAddress ?? configuration.mpdAddress
var settings = ServiceSettings(
    configuration: configuration, stateDirectory: stateDirectory, paths: arguments.paths,
    workingDirectory: workingDirectory(),
    libraryFolders: LinnetService.libraryFolders(
        configuration: configuration, commandLine: arguments.libraryFolders,
        environment: environment, workingDirectory: workingDirectory()),
    streamSettings: StreamConfiguration.settings(environment: environment))
settings.scrobbling = ScrobbleConfiguration.runtime(environment: environment)

/// Saves and exits; runs on the main queue.
@MainActor func finish(_ reason: String) -> Never {
    Log.info("\(reason): saving state and exiting")
    service.shutDown()
    exit(0)
}

let service: LinnetService
do {
    service = try LinnetService(
        connection: connection, outputs: outputs,
        database: canSave ? database : nil, restoring: arguments.restore ? saved : nil, settings: settings,
        onQuit: { finish("Quit") })
} catch {
    fail("\(error)")
}
saved = nil  // the player holds the queue now; a second copy would outlive its first edit
MallocTuning.trim()  // give back what reading a large saved queue left free
connection.onDisconnect = onMainQueue { finish("lost the session bus") }
connection.onNameLost = { Log.info("lost the bus name \($0)") }
connection.onMethodCall = { CrashReporter.note($0, $1) }
Shutdown.install { finish($0) }
// All handlers run on the main queue, so nothing below races with a bus call: they wait for MainQueueLoop.run().
service.whenReady {
    do {
        Log.info("ready on the session bus as \(try service.claimNameAndOpenDatabases())")
    } catch {
        fail("cannot own a bus name: \(error)")
    }
}
MainQueueLoop.run()
