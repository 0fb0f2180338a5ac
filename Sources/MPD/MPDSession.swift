import Dispatch
import LineServer
import MPDProtocol

/// One MPD client: its command lists, its `idle` wait, the tags it asked for; runs each command against the
/// backend and writes the reply. Made by `MPDServer` for every accepted connection.
@MainActor
final class MPDSession: LineSessionHandler {
    unowned let server: MPDServer
    let connection: LineConnection
    private var lists = MPDCommandListParser()
    /// Changes since this client last heard of them (what `idle` reports).
    private var pending: Set<MPDIdleSubsystem> = []
    /// While in `idle`: the subsystems it waits for.
    private var idleWaiting: Set<MPDIdleSubsystem>?
    /// The tags `tagtypes` left enabled (all by default), by MPD name.
    var tagTypes: Set<String> = Set(MPDTagNames.all)
    /// `binarylimit`: the largest binary chunk one reply carries.
    var binaryLimit = 8192
    /// What this client may do: the server's defaults until a `password` grants more (or other) permissions.
    var permissions: Set<MPDPermission>
    /// The long reply being written (reading is paused meanwhile, so commands keep their order).
    private var streaming: (stream: MPDResultStream, command: String)?
    /// Parts of a stream are written while less than this waits in the connection's buffer.
    private static let streamWindow = 256 * 1024

    init(server: MPDServer, connection: LineConnection) {
        self.server = server
        self.connection = connection
        self.permissions = server.configuration.access.defaultPermissions
    }

    /// Whether this client may run `command` (the session's own commands and `password` always).
    func may(_ command: String) -> Bool {
        guard let needed = MPDCommandTable.commands[command]?.permission else { return true }
        return command == "password" || command == "ping" || permissions.contains(needed)
    }

    func opened(_ connection: LineConnection) { connection.write(MPDProtocolVersion.greeting) }

    func received(line: [UInt8], on connection: LineConnection) {
        if idleWaiting != nil {
            // In idle only noidle is allowed (MPD closes the connection on anything else).
            guard (try? MPDRequest.parse(line))?.command == "noidle" else { return connection.close() }
            finishIdle(with: [])
            return
        }
        var out = MPDResponseWriter()
        switch lists.feed(line) {
        case .pending: return
        case .run(let request):
            if request.command == "idle" { return startIdle(request) }
            if request.command == "noidle" { return }  // not idle: nothing to end (MPD ignores it)
            if request.command == "close" { return connection.close() }
            var stream: MPDResultStream?
            if let ack = run(request, listIndex: 0, into: &out, stream: &stream) {
                out.ack(ack)
            } else if let stream {
                connection.write(out.bytes)
                return startStream(stream, command: request.command)
            } else {
                out.ok()
            }
        case .runList(let list):
            var failed = false
            for (index, entry) in list.entries.enumerated() {
                switch entry {
                case .success(let request):
                    if let ack = runWhole(request, listIndex: index, into: &out) {
                        out.ack(ack)
                        failed = true
                    } else if list.sendsListOK {
                        out.listOK()
                    }
                case .failure(let error):
                    out.ack(error.ack(listIndex: index))
                    failed = true
                }
                if failed { break }
            }
            if !failed { out.ok() }
        case .reject(let error):
            out.ack(error.ack())
        case .close(let error):
            out.ack(error.ack())
            connection.write(out.bytes)
            return connection.close()
        }
        connection.write(out.bytes)
    }

    func closed(_ connection: LineConnection, reason: LineCloseReason) {
        streaming = nil
        server.sessionEnded(self)
    }

    func writeBufferDrained(on connection: LineConnection) { pumpStream() }

    /// Runs one command; nil when it succeeded, else the ACK (what it wrote before failing is kept, as MPD). A
    /// long reply is handed back in `stream` when the caller can stream it, else (a command list) written whole.
    private func run(
        _ request: MPDRequest, listIndex: Int, into out: inout MPDResponseWriter, stream: inout MPDResultStream?
    ) -> MPDAck? {
        guard let command = MPDCommandTable.commands[request.command] else {
            return MPDAck(.unknown, listIndex: listIndex, message: "unknown command \"\(request.command)\"")
        }
        guard may(request.command) else {
            return MPDAck(
                .permission, listIndex: listIndex, command: request.command,
                message: "you don't have permission for \"\(request.command)\"")
        }
        var context = MPDCommandContext(request: request, backend: server.backend, session: self, out: out)
        do throws(MPDCommandError) {
            try command.run(&context)
            stream = context.stream
            out = context.out
            return nil
        } catch {
            out = context.out
            return error.ack(command: request.command, listIndex: listIndex)
        }
    }

    /// A command list's entries cannot stream: their reply is built whole.
    private func runWhole(_ request: MPDRequest, listIndex: Int, into out: inout MPDResponseWriter) -> MPDAck? {
        var stream: MPDResultStream?
        if let ack = run(request, listIndex: listIndex, into: &out, stream: &stream) { return ack }
        guard let stream else { return nil }
        do throws(MPDCommandError) { try stream.drain(into: &out) } catch {
            return error.ack(command: request.command, listIndex: listIndex)
        }
        return nil
    }

    // MARK: - streaming

    private func startStream(_ stream: MPDResultStream, command: String) {
        streaming = (stream, command)
        connection.pauseReading()
        pumpStream()
    }

    /// Writes parts while the client keeps up; waits for the buffer to drain (or the next turn) when it does not.
    private func pumpStream() {
        while let current = streaming, connection.isOpen {
            guard connection.pendingWriteByteCount < Self.streamWindow else {
                // Blocked: `writeBufferDrained` resumes. Not blocked: the flush at this turn's end sends it.
                if !connection.isWriteBlocked {
                    DispatchQueue.main.async { [weak self] in MainActor.assumeIsolated { self?.pumpStream() } }
                }
                return
            }
            var out = MPDResponseWriter()
            var more = false
            do throws(MPDCommandError) {
                more = try current.stream.next(&out)
                if !more { out.ok() }
            } catch {
                out.ack(error.ack(command: current.command, listIndex: 0))
            }
            if !more { streaming = nil }
            connection.write(out.bytes)
            if !more { connection.resumeReading() }
        }
    }

    // MARK: - idle

    /// The player (or the library, the queue…) changed: an idle client hears of it now, others at their next idle.
    func note(_ changed: Set<MPDIdleSubsystem>) {
        pending.formUnion(changed)
        if let waiting = idleWaiting, !pending.isDisjoint(with: waiting) { finishIdle(with: waiting) }
    }

    private func startIdle(_ request: MPDRequest) {
        let wanted: Set<MPDIdleSubsystem>
        do throws(MPDArgumentError) {
            let asked = try MPDIdleSubsystem.parseIdleArguments(request.arguments)
            wanted = asked.isEmpty ? Set(MPDIdleSubsystem.allCases) : asked
        } catch {
            var out = MPDResponseWriter()
            out.ack(error.ack(command: "idle"))
            return connection.write(out.bytes)
        }
        idleWaiting = wanted
        connection.idleTimeout = nil  // an idle client waits as long as it likes, as with MPD
        if !pending.isDisjoint(with: wanted) { finishIdle(with: wanted) }
    }

    /// Ends the idle wait: the changes among `subsystems` (none for noidle), then OK.
    private func finishIdle(with subsystems: Set<MPDIdleSubsystem>) {
        let changed = pending.intersection(subsystems)
        pending.subtract(changed)
        idleWaiting = nil
        connection.idleTimeout = server.configuration.idleTimeout
        var out = MPDResponseWriter()
        for subsystem in MPDIdleSubsystem.allCases where changed.contains(subsystem) { out.changed(subsystem) }
        out.ok()
        connection.write(out.bytes)
    }
}
