import Dispatch
import Sockets

extension LineConnection {
    /// Queues bytes for the client; they go out on this turn's end, or as the socket takes them. Past
    /// `maxWriteBuffer` waiting bytes the connection is dropped (`writeBufferExceeded`). Ignored once closing.
    public func write(_ bytes: [UInt8]) {
        guard isOpen, !bytes.isEmpty else { return }
        output.append(bytes)
        guard output.count <= configuration.maxWriteBuffer else {
            flush()  // what the socket takes at once is not held against the bound
            if isOpen, output.count > configuration.maxWriteBuffer { finish(.writeBufferExceeded) }
            return
        }
        scheduleFlush()
    }

    /// Queues the string's UTF-8 bytes: see `write(_:)`.
    public func write(_ text: String) { write(Array(text.utf8)) }

    /// One flush at the end of this turn of the main queue, so the many small writes of one response go out in
    /// one send. Not while blocked: the write source flushes then.
    func scheduleFlush() {
        guard !flushScheduled, !writeBlocked else { return }
        flushScheduled = true
        DispatchQueue.main.async { [weak self] in
            MainActor.assumeIsolated {
                guard let self else { return }
                self.flushScheduled = false
                self.flush()
            }
        }
    }

    /// The write source fired: the socket has room.
    func writable() { flush() }

    /// Writes what the socket takes; watches for room when it takes less than everything.
    func flush() {
        if case .closed = state { return }
        let result = Result { () throws(SocketError) in try output.flush(to: socket) }
        switch result {
        case .failure(let error):
            finish(.failed(error))
        case .success(let (drained, written)):
            if written > 0 { noteActivity() }
            guard drained else {
                writeBlocked = true
                writeSource?.setRunning(true)
                return
            }
            let wasBlocked = writeBlocked
            writeBlocked = false
            writeSource?.setRunning(false)
            if case .closing(let reason) = state { return finish(reason) }
            if wasBlocked { handler?.writeBufferDrained(on: self) }
        }
    }
}
