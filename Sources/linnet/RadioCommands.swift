import DBus
import LinnetCLI

/// `linnet radio`: the station list in linnetd's library database (Library interface `ListStations`,
/// `AddStation`, `RemoveStation`); `play` opens the station's URL.
struct RadioCommands {
    let player: MPRISClient

    func run(_ request: RadioRequest) throws(ClientError) {
        let i = LibraryClient.interface
        switch request {
        case .list:
            Terminal.out(try stations().listing)
        case .add(let name, let url):
            // Checked here too so a bad URL is a usage message, not a bus error.
            if let problem = StationList().adding(name: name, url: url) { throw .stations(problem) }
            try player.call("AddStation", [.string(name), .string(url)], interface: i)
        case .remove(let name):
            guard try stations().station(named: name) != nil else {
                throw .stations("no station named '\(name)' (see 'linnet radio list')")
            }
            try player.call("RemoveStation", [.string(name)], interface: i)
        case .play(let name):
            guard let station = try stations().station(named: name) else {
                throw .stations("no station named '\(name)' (see 'linnet radio list')")
            }
            try player.call("OpenUri", [.string(station.url)])
        }
    }

    private func stations() throws(ClientError) -> StationList {
        let reply = try player.call("ListStations", interface: LibraryClient.interface)
        guard case .array(_, let rows)? = reply.first else { throw .unexpected("ListStations returned \(reply)") }
        var list = StationList()
        for row in rows {
            guard case .structure(let fields) = row, fields.count == 2,
                let name = fields[0].stringValue, let url = fields[1].stringValue
            else { continue }
            _ = list.add(name: name, url: url)
        }
        return list
    }
}
