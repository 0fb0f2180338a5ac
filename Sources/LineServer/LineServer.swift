// LineServer: a line-oriented server (the MPD front end's transport) over Sockets, on Dispatch sources.
//
// Concurrency: everything here is confined to the main actor, whose executor is the main queue: the server, its
// connections and their handlers, and every Dispatch source (listeners' accepts, connections' reads and writes,
// idle timers), which are made on `.main` and enter the actor with `MainActor.assumeIsolated` (it traps if an
// event ever arrived elsewhere). Handlers are therefore called one at a time and may touch the daemon's other
// main-actor state directly. Nothing blocks: sockets are non-blocking, reads stop at EAGAIN, writes wait in a
// buffer for the write source. Idle costs nothing: with no connections there is no timer, and a connection has a
// timer only while it has an idle timeout. Anything that must run on a later turn (a scheduled flush, delivering
// lines after `resumeReading`) is a `DispatchQueue.main.async`, never a thread. Tests run the server on the main
// actor (`await MainActor.run`) and drive their clients from other threads with blocking, deadline-bounded polls.

import Dispatch
import Glibc
import Sockets

/// Listens on one or more addresses and gives each accepted connection a handler from `makeHandler`, which
/// receives its lines and writes its replies.
@MainActor
public final class LineServer {
    /// A listening socket and the source that accepts on it.
    private final class Listener {
        let socket: ListeningSocket
        var source: EventSource?
        init(socket: ListeningSocket) { self.socket = socket }
    }

    public let configuration: LineServerConfiguration
    private let makeHandler: @MainActor (LineConnection) -> any LineSessionHandler
    private var listeners: [Listener] = []
    private var connections: [Int: LineConnection] = [:]
    private var nextID = 1
    private let scratch = ReadScratch()
    private var stopped = false

    /// Failures that belong to no connection: accepting, refusing, closing a socket. Unset: they are dropped.
    public var onError: (@MainActor (SocketError) -> Void)?
    /// Connections refused because `maxConnections` were open.
    public private(set) var refusedConnectionCount = 0

    public init(
        configuration: LineServerConfiguration = LineServerConfiguration(),
        makeHandler: @escaping @MainActor (LineConnection) -> any LineSessionHandler
    ) {
        self.configuration = configuration
        self.makeHandler = makeHandler
    }

    /// Connections open now (closing ones included until they have flushed).
    public var connectionCount: Int { connections.count }
    /// The addresses listened on, as bound (an ephemeral port 0 replaced by the kernel's choice).
    public var listeningAddresses: [SocketAddress] { listeners.map(\.socket.address) }
    /// Idle timers armed now (one per connection with a timeout), for tests of the no-wakeups promise.
    var armedIdleTimerCount: Int { connections.values.filter { $0.idleTimer != nil }.count }

    /// Listens on `address` (see `ListeningSocket.listen`) and accepts from it: the address as bound.
    @discardableResult
    public func listen(on address: SocketAddress) throws(SocketError) -> SocketAddress {
        guard !stopped else { throw SocketError("listen", address: address, errno: EBADF) }
        let socket = try ListeningSocket.listen(on: address, backlog: configuration.backlog)
        let listener = Listener(socket: socket)
        let barrier = CancelBarrier(sources: 1) { [weak self] in
            do throws(SocketError) { try socket.close() } catch { self?.report(error) }
        }
        listener.source = EventSource(.readable, fd: socket.fileDescriptor, barrier: barrier) {
            [weak self, weak listener] in
            guard let self, let listener else { return }
            self.acceptAll(listener)
        }
        listener.source?.setRunning(true)
        listeners.append(listener)
        return socket.address
    }

    /// Stops listening and closes every connection (`serverStopped`, unsent output dropped). The sockets close,
    /// and Unix socket files go, once the sources' cancel handlers have run: on the next turn of the main queue.
    public func stop() {
        stopped = true
        for listener in listeners { listener.source?.cancel() }
        listeners.removeAll()
        for connection in connections.values.sorted(by: { $0.id < $1.id }) { connection.finish(.serverStopped) }
    }

    private func acceptAll(_ listener: Listener) {
        for _ in 0..<64 {  // then the queue's other work gets a turn; the source fires again while more wait
            guard !stopped else { return }
            let accepted: ConnectedSocket?
            do { accepted = try listener.socket.accept() } catch {
                report(error)
                return pauseAccepting(listener)
            }
            guard let socket = accepted else { return }
            guard connections.count < configuration.maxConnections else {
                refuse(socket)
                continue
            }
            let connection = LineConnection(id: nextID, socket: socket, server: self, scratch: scratch)
            nextID += 1
            connections[connection.id] = connection
            connection.start(handler: makeHandler(connection))
        }
    }

    /// Out of descriptors or memory (EMFILE, ENOBUFS, …): the pending connection stays queued and the source
    /// would fire at once again, so accepting rests for 100 ms (the only timer not tied to a connection, and only
    /// while failing).
    private func pauseAccepting(_ listener: Listener) {
        listener.source?.setRunning(false)
        DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(100)) { [weak self, weak listener] in
            MainActor.assumeIsolated {
                guard let self, !self.stopped, let listener else { return }
                listener.source?.setRunning(true)
            }
        }
    }

    /// Over `maxConnections`: the refusal message if the socket takes it at once, then close.
    private func refuse(_ socket: ConnectedSocket) {
        refusedConnectionCount += 1
        do {
            if !configuration.refusalMessage.isEmpty { _ = try socket.write(configuration.refusalMessage) }
            try socket.close()
        } catch {
            report(error)
            try? socket.close()  // already reported; the descriptor must not outlive this either way
        }
    }

    func connectionEnded(_ connection: LineConnection) { connections[connection.id] = nil }

    func report(_ error: SocketError) { onError?(error) }
}
