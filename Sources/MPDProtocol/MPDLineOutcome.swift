/// What the server does with one request line, as `MPDCommandListParser` decides.
public enum MPDLineOutcome: Sendable, Equatable {
    /// Nothing yet: a list began or took the line; no reply.
    case pending
    /// Run this command, then write `OK` or its ACK (list index 0). `idle`/`noidle` arrive here as well: their
    /// handling is the server's.
    case run(MPDRequest)
    /// Run these commands in order (see `MPDCommandList`), then `OK` if all succeeded.
    case runList(MPDCommandList)
    /// The line cannot run: write `error.ack()` and go on.
    case reject(MPDRequestError)
    /// Drop the client (MPD does; after writing `error.ack()` or not, the server's choice). The parser stays in
    /// this state: later lines get `.close` again.
    case close(MPDRequestError)
}
