import DBus
import LinnetCLI

/// `linnet queue …` over Linnet's whole-queue interface (`org.mpris.MediaPlayer2.linnet.Queue`): the numbers the
/// user sees are queue positions from 1 (the bus counts from 0). Another player's queue is its MPRIS TrackList,
/// which is all such a player offers.
struct QueueCommands {
    static let interface = "org.mpris.MediaPlayer2.linnet.Queue"
    /// Entries asked for per List call (the service answers at most 250).
    static let page = 250

    let player: MPRISClient

    func run(_ request: QueueRequest) throws(ClientError) {
        guard try hasQueueInterface() else { return try TrackListQueueCommands(player: player).run(request) }
        switch request {
        case .list(let options): try list(options)
        case .add(let uris, let next): try add(uris, mode: next ? "next" : "append")
        case .remove(let selection):
            // Every number is resolved against one reading of the queue, then removed in one call.
            let length = try self.length()
            guard selection.highest <= length else { throw noEntry(selection.highest, length) }
            var ids: [DBusValue] = []
            for range in Self.merged(selection.positions) {
                ids += try entries(offset: range.lowerBound - 1, count: range.count).map { .objectPath($0.path) }
            }
            try call("Remove", [.array(element: .objectPath, ids)])
        case .move(let from, let to):
            let length = try self.length()
            guard from <= length else { throw noEntry(from, length) }
            guard to <= length else { throw noEntry(to, length) }
            guard let entry = try entries(offset: from - 1, count: 1).first else { throw noEntry(from, length) }
            try call("Move", [.objectPath(entry.path), .uint32(UInt32(to - 1))])
        case .goto(let index):
            let length = try self.length()
            guard index <= length else { throw noEntry(index, length) }
            try call("GoTo", [.uint32(UInt32(index - 1))])
        case .clear:
            try call("Clear")
        }
    }

    /// Queue.Add; `linnet open` uses it for several URIs and `--replace`.
    func add(_ uris: [String], mode: String) throws(ClientError) {
        try call("Add", [DBusValue(uris), .string(mode)])
    }

    private func list(_ options: QueueListOptions) throws(ClientError) {
        let length = try self.length()
        let position = try player.get("Position", Self.interface).integerValue ?? -1
        let current = position >= 0 ? Int(position) + 1 : nil
        var wanted = 1...max(length, 1)
        if let r = options.range { wanted = min(r.lowerBound, length + 1)...min(r.upperBound, length) }
        var listed: [QueueRendering.Entry] = []
        var offset = wanted.lowerBound - 1
        while offset < wanted.upperBound {
            let batch = try entries(offset: offset, count: min(Self.page, wanted.upperBound - offset))
            if batch.isEmpty { break }  // the queue shrank meanwhile
            for (i, e) in batch.enumerated() { listed.append(.init(number: offset + i + 1, metadata: e.metadata)) }
            offset += batch.count
        }
        if options.json {
            Terminal.out(QueueRendering.json(listed, current: current).encoded + "\n")
        } else {
            Pager.show(QueueRendering.text(listed, length: length, current: current))
        }
    }

    /// Whether the player has Linnet's Queue interface (other MPRIS players only have a TrackList).
    func hasQueueInterface() throws(ClientError) -> Bool {
        do {
            _ = try player.connection.getProperty(
                destination: player.busName, path: MPRISClient.objectPath,
                interface: Self.interface, name: "Length",
                timeout: MPRISClient.timeout)
            return true
        } catch {
            if [
                DBusError.Name.unknownInterface, DBusError.Name.unknownProperty, DBusError.Name.unknownMethod,
                DBusError.Name.invalidArgs
            ].contains(error.name) {
                return false
            }
            throw .dbus(error)
        }
    }

    private func length() throws(ClientError) -> Int {
        guard let n = try player.get("Length", Self.interface).integerValue, n >= 0 else {
            throw .unexpected("Queue.Length is not a number")
        }
        return Int(n)
    }

    /// `count` entries from `offset` (0-based), each with its track path and metadata.
    private func entries(offset: Int, count: Int) throws(ClientError) -> [(
        path: DBusObjectPath, metadata: TrackMetadata
    )] {
        let reply = try call("List", [.uint32(UInt32(clamping: offset)), .uint32(UInt32(clamping: count))])
        guard case .array(_, let items)? = reply.first else {
            throw .unexpected("Queue.List returned '\(DBusValue.signature(of: reply))'")
        }
        return items.compactMap { item in
            guard case .structure(let fields) = item, fields.count == 2, case .objectPath(let p) = fields[0] else {
                return nil
            }
            return (p, MPRISValues.metadata(fields[1]))
        }
    }

    @discardableResult
    private func call(_ method: String, _ arguments: [DBusValue] = []) throws(ClientError) -> [DBusValue] {
        do {
            return try player.connection.call(
                destination: player.busName, path: MPRISClient.objectPath,
                interface: Self.interface, method: method, arguments: arguments,
                timeout: MPRISClient.timeout)
        } catch {
            if error.name == DBusError.Name.unknownInterface || error.name == DBusError.Name.unknownMethod {
                throw .unexpected("player '\(player.shortName)' has no Linnet queue interface (\(error.name))")
            }
            throw .dbus(error)
        }
    }

    private func noEntry(_ n: Int, _ length: Int) -> ClientError {
        .unexpected("there is no entry \(n): the queue has \(length) entr\(length == 1 ? "y" : "ies")")
    }

    /// Ascending positions as runs of consecutive ones (one List call per run).
    static func merged(_ positions: [Int]) -> [ClosedRange<Int>] {
        var out: [ClosedRange<Int>] = []
        for p in positions {
            if let last = out.last, last.upperBound + 1 == p {
                out[out.count - 1] = last.lowerBound...p
            } else {
                out.append(p...p)
            }
        }
        return out
    }
}
