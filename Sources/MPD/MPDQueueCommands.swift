import MPDProtocol

/// The queue: playlistinfo, playlistid, plchanges, plchangesposid, add, addid, delete, deleteid, move, moveid,
/// swap, swapid, clear, prio, prioid. Positions count from 0; ids are the queue's entry ids, stable for an entry.
@MainActor
enum MPDQueueCommands {
    static let all: [String: MPDCommand] = [
        "playlistinfo": MPDCommand(.read) { c throws(MPDCommandError) in
            let args = try c.arguments(0, 1)
            let range = try args.first.map { t throws(MPDCommandError) in try c.queueRange(t) }
            writeSongs(in: range ?? 0..<c.backend.mpdQueueCount, &c)
        },
        "playlistid": MPDCommand(.read) { c throws(MPDCommandError) in
            let args = try c.arguments(0, 1)
            guard let text = args.first else { return writeSongs(in: 0..<c.backend.mpdQueueCount, &c) }
            let p = try c.positionOfID(text)
            writeSongs(in: p..<p + 1, &c)
        },
        "plchanges": MPDCommand(.read) { c throws(MPDCommandError) in
            for p in try changedPositions(&c) { writeSongs(in: p..<p + 1, &c) }
        },
        "plchangesposid": MPDCommand(.read) { c throws(MPDCommandError) in
            for p in try changedPositions(&c) {
                for song in c.backend.mpdSongs(in: p..<p + 1) {
                    c.out.field("cpos", p)
                    if let id = song.id { c.out.field("Id", id) }
                }
            }
        },
        "add": MPDCommand(.add) { c throws(MPDCommandError) in
            let args = try c.arguments(1, 2)
            _ = try c.backend.mpdAdd(
                uri: args[0], at: try insertPosition(args.count > 1 ? args[1] : nil, &c),
                localClient: c.session.connection.isUnixClient)
        },
        "addid": MPDCommand(.add) { c throws(MPDCommandError) in
            let args = try c.arguments(1, 2)
            let ids = try c.backend.mpdAdd(
                uri: args[0], at: try insertPosition(args.count > 1 ? args[1] : nil, &c),
                localClient: c.session.connection.isUnixClient)
            guard let ids, ids.count == 1 else {
                throw MPDCommandError(.argument, "addid adds one song; use add for folders and playlists")
            }
            c.out.field("Id", ids[0])
        },
        "delete": MPDCommand(.control) { c throws(MPDCommandError) in
            let text = try c.arguments(1, 1)[0]
            let range = try c.queueRange(text)
            guard !range.isEmpty else { throw .badSongIndex }
            try c.backend.mpdDelete(positions: range)
        },
        "deleteid": MPDCommand(.control) { c throws(MPDCommandError) in
            let p = try c.positionOfID(try c.arguments(1, 1)[0])
            try c.backend.mpdDelete(positions: p..<p + 1)
        },
        "move": MPDCommand(.control) { c throws(MPDCommandError) in
            let args = try c.arguments(2, 2)
            let range = try c.queueRange(args[0])
            guard !range.isEmpty else { throw .badSongIndex }
            try c.backend.mpdMove(positions: range, to: try destination(args[1], moving: range.count, &c))
        },
        "moveid": MPDCommand(.control) { c throws(MPDCommandError) in
            let args = try c.arguments(2, 2)
            let p = try c.positionOfID(args[0])
            try c.backend.mpdMove(positions: p..<p + 1, to: try destination(args[1], moving: 1, &c))
        },
        "swap": MPDCommand(.control) { c throws(MPDCommandError) in
            let args = try c.arguments(2, 2)
            try c.backend.mpdSwap(try c.position(args[0]), try c.position(args[1]))
        },
        "swapid": MPDCommand(.control) { c throws(MPDCommandError) in
            let args = try c.arguments(2, 2)
            try c.backend.mpdSwap(try c.positionOfID(args[0]), try c.positionOfID(args[1]))
        },
        "shuffle": MPDCommand(.control) { c throws(MPDCommandError) in
            let args = try c.arguments(0, 1)
            c.backend.mpdShuffle(
                positions: try args.first.map { a throws(MPDCommandError) in try c.queueRange(a) }
                    ?? 0..<c.backend.mpdQueueCount)
        },
        "clear": MPDCommand(.control) { c throws(MPDCommandError) in
            _ = try c.arguments(0, 0)
            c.backend.mpdClear()
        },
        // Priorities order MPD's random mode; Linnet's shuffle has none, so they are accepted and change nothing.
        "prio": MPDCommand(.control) { c throws(MPDCommandError) in
            let args = try c.arguments(2, Int.max)
            _ = try c.parse { () throws(MPDArgumentError) in try MPDArguments.unsigned(args[0], max: 255) }
            for text in args.dropFirst() { _ = try c.queueRange(text) }
        },
        "prioid": MPDCommand(.control) { c throws(MPDCommandError) in
            let args = try c.arguments(2, Int.max)
            _ = try c.parse { () throws(MPDArgumentError) in try MPDArguments.unsigned(args[0], max: 255) }
            for text in args.dropFirst() { _ = try c.positionOfID(text) }
        }
    ]

    private static func writeSongs(in range: Range<Int>, _ c: inout MPDCommandContext) {
        for song in c.backend.mpdSongs(in: range) {
            MPDSongFormat.write(song, tagTypes: c.session.tagTypes, to: &c.out)
        }
    }

    /// `plchanges VERSION [START:END]`: the positions changed since VERSION, within the range when given.
    private static func changedPositions(_ c: inout MPDCommandContext) throws(MPDCommandError) -> [Int] {
        let args = try c.arguments(1, 2)
        let version = try c.parse { () throws(MPDArgumentError) in try MPDArguments.unsigned(args[0]) }
        let range = try args.count > 1 ? c.queueRange(args[1]) : 0..<c.backend.mpdQueueCount
        return c.session.server.versions.positions(changedSince: version).filter { range.contains($0) }
    }

    /// Where `add URI POS` puts the songs: an absolute position (up to the end), or relative to the current song.
    private static func insertPosition(_ text: String?, _ c: inout MPDCommandContext) throws(MPDCommandError)
        -> Int?
    {
        guard let text else { return nil }
        let target = try c.parse { () throws(MPDArgumentError) in try MPDInsertPosition.parse(text) }
        return try insertPosition(target, c)
    }

    /// The queue position `target` names now, checked against the queue.
    static func insertPosition(_ target: MPDInsertPosition, _ c: MPDCommandContext) throws(MPDCommandError) -> Int {
        let count = c.backend.mpdQueueCount
        let position: Int
        switch target {
        case .absolute(let p): position = Int(p)
        case .afterCurrent(let n), .beforeCurrent(let n):
            guard let current = c.backend.mpdStatus.currentPosition else {
                throw MPDCommandError(.argument, "No current song")
            }
            if case .afterCurrent = target { position = current + 1 + Int(n) } else { position = current - Int(n) }
        }
        guard position >= 0, position <= count else { throw .badSongIndex }
        return position
    }

    /// `move`'s destination: an absolute position where the moved songs fit, or relative to the current song.
    private static func destination(_ text: String, moving n: Int, _ c: inout MPDCommandContext) throws(MPDCommandError)
        -> Int
    {
        let count = c.backend.mpdQueueCount
        let target = try c.parse { () throws(MPDArgumentError) in try MPDInsertPosition.parse(text) }
        guard case .absolute(let p) = target else {
            throw MPDCommandError(.argument, "relative move targets are not supported")
        }
        // As MPD: a position past the last one is a bad number, one where the moved songs do not fit a bad index.
        guard Int(p) < count else { throw MPDCommandError(.argument, "Number too large: \(text)") }
        guard Int(p) + n <= count else { throw .badSongIndex }
        return Int(p)
    }
}
