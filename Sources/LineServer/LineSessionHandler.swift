/// One connection's protocol logic, made by the server's factory when the connection is accepted. All calls come
/// on the main actor, one at a time; the handler may write, pause or resume reading, or close from any of them.
@MainActor
public protocol LineSessionHandler: AnyObject {
    /// The connection is up: where a greeting is written. Default: nothing.
    func opened(_ connection: LineConnection)
    /// One complete line, without its "\n". To hold further lines (a command in progress), call
    /// `connection.pauseReading()`: no line comes until `resumeReading()`.
    func received(line: [UInt8], on connection: LineConnection)
    /// A line over the limit arrived; under `.close` the connection closes after this (a reply may be written
    /// first), under `.discard` reading goes on. Default: nothing.
    func lineTooLong(on connection: LineConnection)
    /// Everything written so far has gone, after a client had made writes wait: where a long response writes its
    /// next part. Default: nothing.
    func writeBufferDrained(on connection: LineConnection)
    /// The connection has ended (the last call this handler gets; the server then lets go of it).
    func closed(_ connection: LineConnection, reason: LineCloseReason)
}

extension LineSessionHandler {
    public func opened(_ connection: LineConnection) {}
    public func lineTooLong(on connection: LineConnection) {}
    public func writeBufferDrained(on connection: LineConnection) {}
}
