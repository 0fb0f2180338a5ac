import Glibc
import DBus
import LinnetCLI
import PlayerCore

/// Carries out one `Request` against the session bus: the handler side of the command table.
struct Runner {
    let invocation: Invocation

    func run() throws(ClientError) {
        switch invocation.request {
        case .help(let name):
            Terminal.out((name.flatMap(CommandTable.named).map(HelpText.command) ?? HelpText.global) + "\n")
        case .version:
            Terminal.out(HelpText.versionLine + "\n")
        case .players:
            try listPlayers(try connect())
        case .status(let options) where options.follow:
            let connection = try connect()
            defer { connection.close() }
            do {
                try StatusFollower(
                    player: try MPRISClient.connect(connection, requested: invocation.player),
                    options: options
                ).run()
            } catch .noPlayer {
                // Not there yet: wait for the exact name to appear.
                let absent = MPRISClient(connection: connection, busName: PlayerNames.prefix + invocation.player)
                try StatusFollower(player: absent, options: options, initiallyPresent: false).run()
            }
        case .status(let options) where options.meter:
            let connection = try connect()
            defer { connection.close() }
            try AudioClient(player: try MPRISClient.connect(connection, requested: invocation.player)).meter()
        case .effect(let request):
            let connection = try connect()
            defer { connection.close() }
            try AudioClient(player: try MPRISClient.connect(connection, requested: invocation.player)).effect(request)
        case .record(let options):
            let connection = try connect()
            defer { connection.close() }
            try AudioClient(player: try MPRISClient.connect(connection, requested: invocation.player)).record(options)
        case .snapcastPlugin(let options):
            try Runner.runSnapcastPlugin(player: invocation.player, options: options)
        case .lyrics(let options):
            let connection = try connect()
            defer { connection.close() }
            try LyricsClient(
                player: try MPRISClient.connect(connection, requested: invocation.player),
                options: options
            ).run()
        default:
            let connection = try connect()
            defer { connection.flush(); connection.close() }
            try runOnPlayer(try MPRISClient.connect(connection, requested: invocation.player))
        }
    }

    /// `linnet snapcast-plugin`: runs until stdin closes (its connection in loop mode on the main queue).
    static func runSnapcastPlugin(player: String, options: SnapcastPluginOptions) throws(ClientError) {
        let connection: DBusConnection
        do { connection = try DBusConnection(bus: .session, queue: .main) } catch { throw .dbus(error) }
        let failure: ClientError? = MainActor.assumeIsolated {
            do throws(ClientError) {
                try SnapcastPlugin(connection: connection, player: player, options: options).run()
            } catch {
                return error
            }
        }
        if let failure { throw failure }
    }

    private func connect() throws(ClientError) -> DBusConnection {
        do { return try DBusConnection(bus: .session) } catch { throw .dbus(error) }
    }

    private func runOnPlayer(_ p: MPRISClient) throws(ClientError) {
        switch invocation.request {
        case .play: try p.call("Play")
        case .pause: try p.call("Pause")
        case .toggle: try p.call("PlayPause")
        case .stop: try p.call("Stop")
        case .next: try p.call("Next")
        case .previous: try p.call("Previous")
        case .seek(let us): try p.call("Seek", [.int64(us)])
        case .position(nil):
            guard let us = try p.get("Position").integerValue else { throw .unexpected("Position is not an integer") }
            Terminal.out(TimeFormatting.seconds(microseconds: us) + "\n")
        case .position(let us?):
            guard let id = try p.metadata().trackID, let path = DBusObjectPath(id) else { throw .noTrack }
            try p.call("SetPosition", [.objectPath(path), .int64(us)])
        case .volume(let change):
            let current = try p.double("Volume")
            if let value = change.newValue(current: current) {
                try p.set("Volume", .double(value))
            } else {
                Terminal.out(TimeFormatting.trimmed(current, maxDecimals: 3) + "\n")
            }
        case .loop(let loop?): try p.set("LoopStatus", .string(loop.mprisName))
        case .loop(nil):
            let value = try p.get("LoopStatus")
            guard let loop = value.stringValue.flatMap(LoopStatus.init(mpris:)) else {
                throw .unexpected("LoopStatus is '\(value.stringValue ?? value.signature.rawValue)'")
            }
            Terminal.out(loop.word + "\n")
        case .loopCount(let count):
            try p.set("LoopCount", .int32(count), Runner.linnetPlayback)
        case .balance(let value?):
            try p.set("Balance", .double(value), Runner.linnetPlayback)
        case .balance(nil):
            guard let b = try p.get("Balance", Runner.linnetPlayback).doubleValue else {
                throw .unexpected("Balance is not a number")
            }
            Terminal.out(TimeFormatting.trimmed(b, maxDecimals: 3) + "\n")
        case .shuffle(let change):
            guard case .boolean(let current) = try p.get("Shuffle") else {
                throw .unexpected("Shuffle is not a boolean")
            }
            if let value = change.newValue(current: current) {
                try p.set("Shuffle", .boolean(value))
            } else {
                Terminal.out((current ? "on" : "off") + "\n")
            }
        case .open(let uris, let replace):
            for uri in uris { try Runner.checkExists(uri) }
            if uris.count == 1 && !replace {
                try p.call("OpenUri", [.string(uris[0])])  // any MPRIS player
            } else {
                let queue = QueueCommands(player: p)
                guard try queue.hasQueueInterface() else {
                    throw .unexpected("player '\(p.shortName)' can open one URI at a time, without --replace")
                }
                try queue.add(uris, mode: replace ? "replace" : "now")
            }
        case .queue(let q):
            if case .add(let uris, _) = q { for uri in uris { try Runner.checkExists(uri) } }
            try QueueCommands(player: p).run(q)
        case .radio(let request):
            try RadioCommands(player: p).run(request)
        case .status(let options):
            let s = try p.snapshot()
            switch options.output {
            case .text: Terminal.out(StatusRendering.summary(s) + "\n")
            case .format(let template): Terminal.out(template.render(s) + "\n")
            case .json: Terminal.out(StatusRendering.json(s).encoded + "\n")
            }
        case .library(let request):
            try LibraryClient(player: p).run(request)
        case .playlist(let request):
            try LibraryClient(player: p).run(request)
        case .output(let request):
            try OutputClient(player: p).run(request)
        case .scrobble(let request):
            try ScrobbleClient(player: p).run(request)
        case .players, .help, .version, .lyrics, .effect, .record, .snapcastPlugin: break  // handled in run()
        }
    }

    /// Linnet's playback extension (Balance, LoopCount); other players answer UnknownInterface.
    static let linnetPlayback = "org.mpris.MediaPlayer2.linnet.Playback"

    /// A local file or folder must exist before a player is asked to open it (the player's error would be vaguer,
    /// and some players accept a missing file silently).
    static func checkExists(_ uri: String) throws(ClientError) {
        guard uri.hasPrefix("file://") else { return }
        let path = FileURI.lenientlyDecodedBytes(String(uri.dropFirst("file://".count)))
        let found = (path + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { access($0.baseAddress!, F_OK) == 0 }
        }
        guard found else { throw .noSuchFile(String(decoding: path, as: UTF8.self)) }
    }

    /// `linnet players`: every MPRIS name with its state and Identity (a player that does not answer is listed
    /// with an unknown state rather than failing the whole list).
    private func listPlayers(_ connection: DBusConnection) throws(ClientError) {
        defer { connection.close() }
        let names: [String]
        do { names = PlayerNames.players(in: try connection.listNames()) } catch { throw .dbus(error) }
        let shortNames = names.map { PlayerNames.shortName(of: $0)! }
        let width = shortNames.map(\.count).max() ?? 0
        for (busName, short) in zip(names, shortNames) {
            let p = MPRISClient(connection: connection, busName: busName)
            let status = (try? p.get("PlaybackStatus"))?.stringValue.flatMap(PlaybackStatus.init(mpris:))
            let identity = (try? p.get("Identity", MPRISClient.rootInterface))?.stringValue
            Terminal.out(
                StatusRendering.playerLine(
                    name: short, nameWidth: width, status: status,
                    identity: identity) + "\n")
        }
    }
}
