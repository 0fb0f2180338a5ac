import Sockets

/// The one buffer every connection of a server reads into (all reads happen on the main actor, one at a time),
/// so an idle connection holds no read buffer of its own.
@MainActor
final class ReadScratch {
    private var bytes = [UInt8](repeating: 0, count: 64 * 1024)

    /// One read from `socket`, its bytes appended to `splitter`.
    func read(_ socket: ConnectedSocket, into splitter: inout LineSplitter) -> Result<ReadResult, SocketError> {
        bytes.withUnsafeMutableBytes { raw in
            let result = Result { () throws(SocketError) in try socket.read(into: raw) }
            if case .success(.bytes(let n)) = result { splitter.append(UnsafeRawBufferPointer(rebasing: raw[..<n])) }
            return result
        }
    }
}
