import Dispatch
import Sockets

/// One client of a `LineServer`: its input split into lines for its handler, its output buffered until the
/// socket takes it. Lives on the main actor; the server keeps it until it closes.
@MainActor
public final class LineConnection {
    enum State {
        case open
        /// Closing once the output is written; nothing more is read or delivered.
        case closing(LineCloseReason)
        case closed
    }

    /// A number unique within its server (for logs).
    public let id: Int
    let socket: ConnectedSocket
    private weak var server: LineServer?
    let configuration: LineServerConfiguration
    private let scratch: ReadScratch
    var handler: (any LineSessionHandler)?
    var state = State.open

    private var splitter: LineSplitter
    var output = WriteBuffer()
    private var readSource: EventSource?
    var writeSource: EventSource?
    private var paused = false
    private var inputEnded = false
    private var delivering = false
    var flushScheduled = false
    /// The socket refused bytes: the write source runs until the buffer is written.
    var writeBlocked = false
    /// When a byte last moved either way (DispatchTime uptime nanoseconds), for the idle timeout.
    var lastActivity = DispatchTime.now().uptimeNanoseconds
    var idleTimer: (any DispatchSourceTimer)?
    /// How often the idle timer has fired (for tests: the timer looked, and the connection stayed).
    var idleTimerFirings = 0

    /// This connection's idle timeout (from the configuration at first); nil removes its timer. MPD's handler
    /// turns it off while a client waits in `idle`.
    public var idleTimeout: Duration? {
        didSet {
            // Turned on again (a client leaving `idle`): the idle time counts from now, not from the last byte.
            if oldValue == nil, idleTimeout != nil { noteActivity() }
            updateIdleTimer()
        }
    }

    init(id: Int, socket: ConnectedSocket, server: LineServer, scratch: ReadScratch) {
        self.id = id
        self.socket = socket
        self.server = server
        self.configuration = server.configuration
        self.scratch = scratch
        splitter = LineSplitter(maxLineLength: server.configuration.maxLineLength)
        idleTimeout = server.configuration.idleTimeout
    }

    /// The client's address (a Unix client's is unnamed).
    public var peerAddress: SocketAddress { socket.peerAddress }
    /// The address the client reached (which listener).
    public var localAddress: SocketAddress { socket.localAddress }
    /// The client came through a Unix socket: a process on this machine (MPD allows `file://` URIs only to those).
    public var isUnixClient: Bool { socket.isUnixDomain }
    /// The client process's pid, uid and gid; nil for a TCP client.
    public func peerCredentials() throws(SocketError) -> PeerCredentials? { try socket.peerCredentials() }

    /// Open: not closing or closed.
    public var isOpen: Bool {
        if case .open = state { return true }
        return false
    }

    /// Whether the handler holds further lines (`pauseReading`).
    public var isReadingPaused: Bool { paused }

    /// Bytes received and not yet delivered as lines (for tests).
    var pendingInputByteCount: Int { splitter.pendingCount }

    /// Bytes written and not yet taken by the socket.
    public var pendingWriteByteCount: Int { output.count }

    /// The socket took less than was written and the rest waits for room (`writeBufferDrained` follows).
    public var isWriteBlocked: Bool { writeBlocked }

    /// Watches the socket and hands the connection to its handler (greeting first, then lines).
    func start(handler: any LineSessionHandler) {
        let barrier = CancelBarrier(sources: 2) { [socket, weak server] in
            do throws(SocketError) { try socket.close() } catch { server?.report(error) }
        }
        let fd = socket.fileDescriptor
        readSource = EventSource(.readable, fd: fd, barrier: barrier) { [weak self] in self?.readable() }
        writeSource = EventSource(.writable, fd: fd, barrier: barrier) { [weak self] in self?.writable() }
        self.handler = handler
        handler.opened(self)
        guard isOpen else { return }
        updateReading()
        updateIdleTimer()
    }

    /// Holds further lines: none is delivered, and the socket is not read (the kernel's buffer, then TCP's window,
    /// holds the client back), until `resumeReading()`.
    public func pauseReading() {
        paused = true
        updateReading()
    }

    /// Delivers held lines again, from the next turn of the main queue (never from inside this call).
    public func resumeReading() {
        guard paused else { return }
        paused = false
        guard isOpen, !delivering else { return }  // inside a delivery: its loop goes on by itself
        DispatchQueue.main.async { [weak self] in MainActor.assumeIsolated { self?.resumeDelivery() } }
    }

    private func resumeDelivery() {
        guard isOpen, !paused else { return }
        deliverLines()
    }

    /// Closes the connection once what was written has been sent. The handler's `closed` follows (at once when
    /// nothing is waiting, so possibly from inside this call).
    public func close() { close(.closedByHandler) }

    func close(_ reason: LineCloseReason) {
        guard isOpen else { return }
        guard !output.isEmpty else { return finish(reason) }
        state = .closing(reason)
        updateReading()
        scheduleFlush()
    }

    /// The socket is read while the connection is open, the handler takes lines, and the client has not ended.
    private func updateReading() {
        readSource?.setRunning(isOpen && !paused && !inputEnded)
    }

    private func readable() {
        for _ in 0..<16 {  // then other connections get a turn; the level-triggered source fires again
            guard isOpen, !paused, !inputEnded else { return }
            switch scratch.read(socket, into: &splitter) {
            case .failure(let error): return finish(.failed(error))
            case .success(.wouldBlock): return
            case .success(.endOfStream):
                inputEnded = true
                deliverLines()
                return
            case .success(.bytes):
                noteActivity()
                deliverLines()
            }
        }
    }

    /// Hands complete lines to the handler until none is left, it pauses, or the connection closes.
    private func deliverLines() {
        guard !delivering else { return }
        delivering = true
        defer {
            delivering = false
            updateReading()
        }
        while isOpen, !paused, let handler {
            switch splitter.next() {
            case .line(let line):
                handler.received(line: line, on: self)
            case .overlong:
                handler.lineTooLong(on: self)
                if configuration.overlongLines == .close { close(.lineTooLong) }
            case .needMore:
                if inputEnded { close(.peerClosed) }
                return
            }
        }
    }

    func noteActivity() { lastActivity = DispatchTime.now().uptimeNanoseconds }

    /// Ends the connection now: sources cancelled (the socket closes once their cancel handlers have run), the
    /// server and the handler told.
    func finish(_ reason: LineCloseReason) {
        if case .closed = state { return }
        state = .closed
        output.removeAll()
        idleTimer?.cancel()
        idleTimer = nil
        if readSource == nil {
            do throws(SocketError) { try socket.close() } catch { server?.report(error) }
        }
        readSource?.cancel()
        writeSource?.cancel()
        server?.connectionEnded(self)
        let handler = self.handler
        self.handler = nil
        handler?.closed(self, reason: reason)
    }
}
