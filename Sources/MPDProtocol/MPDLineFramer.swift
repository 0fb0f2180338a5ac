/// Splits a connection's incoming bytes into request lines at "\n", holding at most one partial line of at most
/// `MPDLimits.maxLineBytes` bytes, so a client that never sends "\n" cannot make the server buffer without end.
public struct MPDLineFramer: Sendable {
    private let maxLineBytes: Int
    private var partial: [UInt8] = []

    /// Set once a line outgrew the bound: the server runs the lines returned with it, then closes the connection
    /// (MPD closes when its input buffer fills). From then on `append` returns nothing.
    public private(set) var overflow: MPDRequestError?

    /// A framer for a new connection.
    public init(limits: MPDLimits = .default) {
        maxLineBytes = limits.maxLineBytes
    }

    /// The bytes of an unfinished line held now.
    public var pendingByteCount: Int { partial.count }

    /// The complete lines in `bytes` (each without its "\n"), after the partial one held from before.
    public mutating func append(_ bytes: some Sequence<UInt8>) -> [[UInt8]] {
        guard overflow == nil else { return [] }
        var lines: [[UInt8]] = []
        for byte in bytes {
            if byte == UInt8(ascii: "\n") {
                lines.append(partial)
                partial.removeAll(keepingCapacity: true)
            } else if partial.count < maxLineBytes {
                partial.append(byte)
            } else {
                overflow = .lineTooLong(length: partial.count + 1, limit: maxLineBytes)
                partial = []
                return lines
            }
        }
        return lines
    }
}
