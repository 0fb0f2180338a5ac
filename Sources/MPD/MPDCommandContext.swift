import MPDProtocol

/// What a command handler works with: the request, the backend, the client's session and the reply so far.
@MainActor
struct MPDCommandContext {
    let request: MPDRequest
    let backend: any MPDBackend
    unowned let session: MPDSession
    var out: MPDResponseWriter
    /// A reply too long to build at once: the session writes it part by part after what `out` holds.
    var stream: MPDResultStream?

    /// The library, nil until it opens (the database is empty until then).
    var library: (any MPDLibraryBackend)? { session.server.library }

    /// The library's songs in path order, as the database commands read them.
    func songIndex() throws(MPDCommandError) -> MPDSongIndex { try session.server.songIndex() }

    /// The arguments, checked to number between `min` and `max` (MPD's "wrong number of arguments").
    func arguments(_ min: Int, _ max: Int) throws(MPDCommandError) -> [String] {
        let args = request.arguments
        guard args.count >= min, args.count <= max else {
            throw MPDCommandError(.argument, "wrong number of arguments for \"\(request.command)\"")
        }
        return args
    }

    /// Runs an argument parser of MPDProtocol, its error as this command's ACK.
    func parse<T>(_ body: () throws(MPDArgumentError) -> T) throws(MPDCommandError) -> T {
        do { return try body() } catch { throw MPDCommandError(error.ackCode, error.message) }
    }

    /// A queue position argument, checked against the queue.
    func position(_ text: String) throws(MPDCommandError) -> Int {
        let n = Int(try parse { () throws(MPDArgumentError) in try MPDArguments.unsigned(text) })
        guard n < backend.mpdQueueCount else { throw .badSongIndex }
        return n
    }

    /// A song id argument, as its queue position.
    func positionOfID(_ text: String) throws(MPDCommandError) -> Int {
        let id = try parse { () throws(MPDArgumentError) in try MPDArguments.unsigned(text) }
        guard let position = backend.mpdPosition(ofID: id) else { throw .noSuchSong }
        return position
    }

    /// A range argument (`N`, `START:END`, `START:`), clamped to the queue; a start past the end is refused.
    func queueRange(_ text: String) throws(MPDCommandError) -> Range<Int> {
        let range = try parse { () throws(MPDArgumentError) in try MPDRange.parse(text) }
        let count = backend.mpdQueueCount
        guard range.start < count || (range.start == count && range.end.map { $0 <= count } ?? true) else {
            throw .badSongIndex
        }
        if let end = range.end, end > count { throw .badSongIndex }
        return range.clamped(toCount: count)
    }
}
