import MPDProtocol

/// A long reply written a part at a time (`listallinfo` of 100,000 songs is ~30 MB, more than a connection
/// buffers): the session asks for the next part only when the client has taken most of the previous ones, so
/// neither the songs nor the whole reply are ever held.
@MainActor
final class MPDResultStream {
    /// Writes the next part; false when it wrote the last.
    let next: (inout MPDResponseWriter) throws(MPDCommandError) -> Bool

    init(_ next: @escaping (inout MPDResponseWriter) throws(MPDCommandError) -> Bool) { self.next = next }

    /// Writes every remaining part into `out` (inside a command list, whose reply is one piece).
    func drain(into out: inout MPDResponseWriter) throws(MPDCommandError) {
        while try next(&out) {}
    }
}
