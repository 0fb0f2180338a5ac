/// What a non-blocking read gave.
public enum ReadResult: Hashable, Sendable {
    /// This many bytes (at least one) are in the buffer.
    case bytes(Int)
    /// Nothing yet: the socket would have had to wait.
    case wouldBlock
    /// The peer has shut down its side: no more bytes will come.
    case endOfStream
}
