import DBus
import LinnetCLI

/// `linnet queue …` for players without Linnet's Queue interface: over their `org.mpris.MediaPlayer2.TrackList`,
/// which is all of the queue such a player shows.
struct TrackListQueueCommands {
    let player: MPRISClient

    func run(_ request: QueueRequest) throws(ClientError) {
        switch request {
        case .list: try list()
        case .add(let uris, let next) where next:
            // Each after the current track, last first, so they end up in their order.
            let current = try player.metadata().trackID ?? TrackMetadata.noTrack
            for uri in uris.reversed() {
                try player.call(
                    "AddTrack", [.string(uri), .objectPath(try path(current)), .boolean(false)],
                    interface: MPRISClient.trackListInterface)
            }
        case .add(let uris, _):
            for uri in uris {
                // AddTrack returns nothing, so the last id is read again before each add to keep the order.
                let after = try player.trackIDs().last ?? TrackMetadata.noTrack
                try player.call(
                    "AddTrack", [.string(uri), .objectPath(try path(after)), .boolean(false)],
                    interface: MPRISClient.trackListInterface)
            }
        case .remove(let selection):
            let paths = try selection.positions.map { (i) throws(ClientError) in try track(at: i) }
            for p in paths {
                try player.call("RemoveTrack", [.objectPath(p)], interface: MPRISClient.trackListInterface)
            }
        case .move:
            throw .unexpected("player '\(player.shortName)' cannot move tracks (the MPRIS TrackList has no move)")
        case .goto(let index):
            try player.call("GoTo", [.objectPath(try track(at: index))], interface: MPRISClient.trackListInterface)
        case .clear:
            let ids = try player.trackIDs()
            try player.call("Stop")
            for id in ids.reversed() {
                try player.call("RemoveTrack", [.objectPath(try path(id))], interface: MPRISClient.trackListInterface)
            }
        }
    }

    private func list() throws(ClientError) {
        let ids = try player.trackIDs()
        guard !ids.isEmpty else { return }
        let paths = try ids.map { (id) throws(ClientError) -> DBusValue in .objectPath(try path(id)) }
        let reply = try player.call(
            "GetTracksMetadata", [.array(element: .objectPath, paths)],
            interface: MPRISClient.trackListInterface)
        guard case .array(_, let items)? = reply.first else {
            throw .unexpected("GetTracksMetadata returned '\(DBusValue.signature(of: reply))'")
        }
        // The reply may leave out tracks or reorder them: match by mpris:trackid.
        var byID: [String: TrackMetadata] = [:]
        for item in items {
            let m = MPRISValues.metadata(item)
            if let id = m.trackID { byID[id] = m }
        }
        let current = (try? player.metadata())?.trackID
        var out = ""
        for (i, id) in ids.enumerated() {
            out += StatusRendering.queueLine(
                index: i + 1, count: ids.count, isCurrent: id == current,
                metadata: byID[id] ?? TrackMetadata(["mpris:trackid": .string(id)]))
            out += "\n"
        }
        Terminal.out(out)
    }

    private func track(at index: Int) throws(ClientError) -> DBusObjectPath {
        let ids = try player.trackIDs()
        guard index <= ids.count else {
            throw .unexpected(
                "there is no track \(index): the queue has \(ids.count) track\(ids.count == 1 ? "" : "s")")
        }
        return try path(ids[index - 1])
    }

    private func path(_ id: String) throws(ClientError) -> DBusObjectPath {
        guard let p = DBusObjectPath(id) else { throw .unexpected("'\(id)' is not an object path") }
        return p
    }
}
