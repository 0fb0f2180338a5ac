/// A line server's limits. The defaults suit an MPD front end on a desktop.
public struct LineServerConfiguration: Hashable, Sendable {
    /// Connections beyond this are refused: sent `refusalMessage` (if any) and closed.
    public var maxConnections: Int
    /// Bytes sent to a refused connection before it is closed (best effort: one non-blocking send).
    public var refusalMessage: [UInt8]
    /// The longest line taken, in bytes without its newline; input is held only up to this bound.
    public var maxLineLength: Int
    public var overlongLines: OverlongLinePolicy
    /// Bytes written and not yet taken by the client beyond which the connection is dropped.
    public var maxWriteBuffer: Int
    /// A new connection's idle timeout (no byte read or written for this long while reading is not paused);
    /// nil: none, and no timer exists. Each connection can change its own (`LineConnection.idleTimeout`).
    public var idleTimeout: Duration?
    /// listen(2)'s backlog.
    public var backlog: Int32

    public init(
        maxConnections: Int = 64, refusalMessage: [UInt8] = [], maxLineLength: Int = 8192,
        overlongLines: OverlongLinePolicy = .close, maxWriteBuffer: Int = 8 << 20, idleTimeout: Duration? = nil,
        backlog: Int32 = 64
    ) {
        self.maxConnections = maxConnections
        self.refusalMessage = refusalMessage
        self.maxLineLength = maxLineLength
        self.overlongLines = overlongLines
        self.maxWriteBuffer = maxWriteBuffer
        self.idleTimeout = idleTimeout
        self.backlog = backlog
    }
}
