import DBus
import Dispatch
import FileSystem
import Glibc
import LinnetCLI
import SnapcastBridge
import Threading

/// `linnet snapcast-plugin`: snapserver's stream plug-in over an MPRIS player. The decisions are SnapcastBridge's
/// (what a line asks, which calls carry it out, what the stream shows); this is the I/O around them.
///
/// Concurrency: unlike the client's other commands (blocking mode, one thing at a time), the plug-in waits on two
/// things at once — snapserver's lines on stdin and the player's signals — so its connection runs in loop mode on
/// the main queue, stdin is a Dispatch read source on that queue, and timers and async-call completions land there
/// too: the plug-in is on the main actor, entered through `MainActor.assumeIsolated` in those callbacks. Calls to
/// the player are asynchronous, so a player that hangs holds up only its own reply, never stdin.
@MainActor
final class SnapcastPlugin {
    let connection: DBusConnection
    let watch: PlayerWatch
    let channel: PluginChannel

    /// The player's properties once read (nil: not on the bus, or not read yet).
    private var state: PlayerState?
    private var mute = MuteEmulation()
    private var publisher = PropertiesPublisher()
    /// The picture last read for an `mpris:artUrl`, so a file is read once per track, not per notification.
    private var art: (url: String, data: ArtData?)?
    /// Bumped whenever the player comes or goes: a completion of an older generation is stale and dropped.
    private var generation = 0
    private var flushArmed = false
    private var seekedSinceFlush = false

    /// Changes within this window go out as one notification (a track change is several PropertiesChanged).
    static let coalescing: DispatchTimeInterval = .milliseconds(30)
    static let callTimeout: Duration = .seconds(10)

    init(connection: DBusConnection, player: String, options: SnapcastPluginOptions) {
        self.connection = connection
        watch = PlayerWatch(connection: connection, requested: player)
        channel = PluginChannel(stream: options.stream)
    }

    /// Starts everything and never returns: the plug-in ends when stdin closes or on SIGTERM/SIGINT.
    func run() throws(ClientError) -> Never {
        watch.onEvent = { [unowned self] event in self.handle(event) }
        watch.onError = { [unowned self] error in self.channel.log("error", "bus: \(error.name): \(error.message)") }
        connection.onDisconnect = {
            MainActor.assumeIsolated {
                Terminal.err("linnet snapcast-plugin: error: the session bus went away")
                exit(ExitCode.failure)
            }
        }
        for s in [SIGTERM, SIGINT] { signal(s, SIG_IGN) }
        let stops = [SIGTERM, SIGINT].map { DispatchSource.makeSignalSource(signal: $0, queue: .main) }
        for stop in stops {
            stop.setEventHandler { exit(ExitCode.success) }
            stop.resume()
        }
        channel.start(
            onLine: { [unowned self] line in self.handle(PluginInput.decode(line)) },
            onEnd: { exit(ExitCode.success) })
        channel.log("info", "waiting for \(watch.exactName)")
        do { try watch.start() } catch { throw .dbus(error) }
        withExtendedLifetime(stops) { MainQueueLoop.run() }
    }

    // MARK: - The player

    private func handle(_ event: PlayerWatch.Event) {
        switch event {
        case .appeared(let name):
            generation += 1
            state = nil
            mute = MuteEmulation()
            publisher.reset()
            channel.log("info", "player \(name) is on the bus")
            readAll { [unowned self] in
                // Ready makes snapserver ask GetProperties, which carries everything.
                self.channel.send(PluginMessage.ready)
            }
        case .vanished(let name):
            generation += 1
            state = nil
            mute = MuteEmulation()
            channel.log("info", "player \(name) left the bus; waiting for it")
            scheduleFlush()
        case .changed(let values, let invalidated):
            guard state != nil else { return }  // the GetAll under way brings it all
            state?.apply(values)
            if values["Volume"] != nil { mute.observe(playerVolume: state?.volume) }
            if !invalidated.isEmpty {
                state?.forget(invalidated)
                readAll {}
            }
            scheduleFlush()
        case .seeked(let us):
            state?.positionMicroseconds = us
            seekedSinceFlush = true
            scheduleFlush()
        }
    }

    /// Reads every Player property (GetAll) into `state`, then runs `then`.
    private func readAll(then: @escaping @MainActor () -> Void) {
        guard let name = watch.busName else { return }
        let asked = generation
        connection.callAsync(
            destination: name, path: MPRISClient.objectPath, interface: "org.freedesktop.DBus.Properties",
            method: "GetAll", arguments: [.string(MPRISClient.playerInterface)], timeout: Self.callTimeout
        ) { [weak self] result in
            MainActor.assumeIsolated {
                guard let self, self.generation == asked else { return }
                var fresh = self.state ?? PlayerState()
                switch result {
                case .success(let out):
                    let values = (out.first?.stringKeyedDictionary ?? [:]).mapValues {
                        MPRISValues.json($0.unwrappingVariants)
                    }
                    fresh.apply(values)
                case .failure(let error):
                    self.channel.log("warning", "\(name) did not give its properties: \(error.name): \(error.message)")
                }
                self.state = fresh
                self.mute.observe(playerVolume: fresh.volume)
                then()
                self.scheduleFlush()
            }
        }
    }

    /// Reads Position (MPRIS announces no position changes), then runs `then` (also when the player has none).
    private func readPosition(then: @escaping @MainActor () -> Void) {
        guard let name = watch.busName, state != nil else { return then() }
        let asked = generation
        connection.callAsync(
            destination: name, path: MPRISClient.objectPath, interface: "org.freedesktop.DBus.Properties",
            method: "Get", arguments: [.string(MPRISClient.playerInterface), .string("Position")],
            timeout: Self.callTimeout
        ) { [weak self] result in
            MainActor.assumeIsolated {
                guard let self else { return }
                if self.generation == asked, case .success(let out) = result,
                    let us = out.first?.unwrappingVariants.integerValue
                {
                    self.state?.positionMicroseconds = us
                }
                then()
            }
        }
    }

    // MARK: - Notifications

    private func scheduleFlush() {
        guard !flushArmed else { return }
        flushArmed = true
        DispatchQueue.main.asyncAfter(deadline: .now() + Self.coalescing) { [weak self] in
            MainActor.assumeIsolated {
                guard let self else { return }
                self.flushArmed = false
                self.readPosition { self.publish() }
            }
        }
    }

    private func publish() {
        let view = SnapcastProperties.view(of: state, mute: mute, art: currentArt())
        let seeked = seekedSinceFlush
        seekedSinceFlush = false
        if let properties = publisher.notification(fields: view.fields, metadata: view.metadata, seeked: seeked) {
            channel.send(PluginMessage.properties(properties))
        }
    }

    /// The current track's picture as data, when its `mpris:artUrl` is local (read once per URL).
    private func currentArt() -> ArtData? {
        guard let url = state?.metadata.artURL else { return nil }
        if let art, art.url == url { return art.data }
        var data: ArtData?
        switch CoverArtSource.of(artURL: url) {
        case .file(let path):
            do {
                let bytes = try FilePath(path).read(upTo: CoverArtSource.maximumBytes + 1)
                data = ArtData.fromFile(bytes, name: path)
                if data == nil {
                    channel.log(
                        "warning", "cover \(path) not sent: over \(CoverArtSource.maximumBytes) bytes or not an image")
                }
            } catch {
                channel.log("warning", "cover \(path) not read: \(error)")
            }
        case .inline(let picture): data = picture
        case .remote, .none: data = nil
        }
        art = (url, data)
        return data
    }

    // MARK: - Requests

    private func handle(_ input: PluginInput) {
        switch input {
        case .request(let id, .getProperties):
            readPosition { [unowned self] in
                let view = SnapcastProperties.view(of: self.state, mute: self.mute, art: self.currentArt())
                self.channel.send(
                    PluginMessage.result(id: id, self.publisher.reply(fields: view.fields, metadata: view.metadata)))
            }
        case .request(let id, let call):
            guard let name = watch.busName, let state else {
                let why = watch.busName == nil ? "is not on the session bus" : "has not answered yet"
                return channel.send(PluginMessage.error(id: id, .player("player '\(watch.requested)' \(why)")))
            }
            switch PlayerCallPlan.plan(call, state: state, mute: mute) {
            case .failure(let error): channel.send(PluginMessage.error(id: id, error))
            case .success(let plan): carryOut(plan, on: name, id: id)
            }
        case .invalid(let id, let error):
            channel.log("warning", "refused a request: \(error.message)")
            channel.send(PluginMessage.error(id: id, error))
        case .notification, .response:
            break  // nothing to answer
        }
    }

    /// Makes the plan's calls one after the other (from `index`); the reply is `ok` once all succeeded, else the
    /// first error.
    private func carryOut(
        _ plan: PlayerCallPlan, from index: Int = 0, on name: String, id: JSONValue, asked: Int? = nil
    ) {
        let asked = asked ?? generation
        guard index < plan.calls.count else {
            if generation == asked, plan.mute != mute {
                mute = plan.mute
                scheduleFlush()  // a mute change the player's own signals will not announce
            }
            return channel.send(PluginMessage.ok(id: id))
        }
        let message: (interface: String, method: String, arguments: [DBusValue])
        do { message = try Self.dbusCall(plan.calls[index]) } catch {
            return channel.send(PluginMessage.error(id: id, error))
        }
        connection.callAsync(
            destination: name, path: MPRISClient.objectPath, interface: message.interface,
            method: message.method, arguments: message.arguments, timeout: Self.callTimeout
        ) { [weak self] result in
            MainActor.assumeIsolated {
                guard let self else { return }
                switch result {
                case .success: self.carryOut(plan, from: index + 1, on: name, id: id, asked: asked)
                case .failure(let e):
                    self.channel.send(PluginMessage.error(id: id, .player("\(name): \(e.name): \(e.message)")))
                }
            }
        }
    }

    /// A planned call as a D-Bus method call on the player's object.
    static func dbusCall(_ call: PlayerCall) throws(PluginError) -> (
        interface: String, method: String, arguments: [DBusValue]
    ) {
        switch call {
        case .method(let method, let arguments):
            return (MPRISClient.playerInterface, method, try arguments.map(dbusValue))
        case .set(let property, let value):
            return (
                "org.freedesktop.DBus.Properties", "Set",
                [.string(MPRISClient.playerInterface), .string(property), .variant(try dbusValue(value))]
            )
        }
    }

    static func dbusValue(_ argument: MPRISArgument) throws(PluginError) -> DBusValue {
        switch argument {
        case .int64(let n): return .int64(n)
        case .double(let d): return .double(d)
        case .boolean(let b): return .boolean(b)
        case .string(let s): return .string(s)
        case .objectPath(let p):
            guard let path = DBusObjectPath(p) else { throw .player("the track id '\(p)' is not an object path") }
            return .objectPath(path)
        }
    }
}
