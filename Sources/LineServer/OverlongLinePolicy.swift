/// What a connection does with a line longer than `maxLineLength` (after telling its handler).
public enum OverlongLinePolicy: Hashable, Sendable {
    /// Close the connection, sending what was written first.
    case close
    /// Drop the line (through its newline) and go on with the next.
    case discard
}
