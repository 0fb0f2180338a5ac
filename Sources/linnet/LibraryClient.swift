import DBus
import Glibc
import LinnetCLI
import Synchronization

/// `linnet library …` and `linnet search`: calls Linnet's library interface and prints rows.
struct LibraryClient {
    static let interface = "org.mpris.MediaPlayer2.linnet.Library"
    let player: MPRISClient

    func run(_ request: LibraryRequest) throws(ClientError) {
        switch request {
        case .list(let kind, let filter, let json):
            let reply = try player.call(
                "Query",
                [
                    .string(kind), Self.filter(filter), .string(""), .uint32(0),
                    .uint32(UInt32.max)
                ], interface: Self.interface)
            guard case .array(_, let rows)? = reply.first else { throw .unexpected("Query returned \(reply)") }
            for row in rows {
                let values = Self.values(row)
                Terminal.out(
                    (json ? LibraryRendering.json(values).encoded : LibraryRendering.line(kind: kind, values)) + "\n")
            }
            if rows.isEmpty { try hintMisses(filter) }
        case .enqueue(let mode, let filter):
            try player.call(
                "Enqueue", [.string("songs"), Self.filter(filter), .string(""), .string(mode)],
                interface: Self.interface)
        case .rescan:
            try rescan()
        }
    }

    /// Starts a rescan and follows `Scanning`/`Scanned` until it ends (a live line on a terminal).
    private func rescan() throws(ClientError) {
        let changed = Mutex(false)
        do {
            _ = try player.connection.subscribe(
                DBusMatchRule(
                    sender: player.busName, path: MPRISClient.objectPath,
                    interface: "org.freedesktop.DBus.Properties",
                    member: "PropertiesChanged", arg0: Self.interface)
            ) { _ in
                changed.withLock { $0 = true }
            }
        } catch { throw .dbus(error) }
        try player.call("Rescan", interface: Self.interface)
        let live = Terminal.stdoutIsTerminal
        var sawScanning = false
        var last = ""
        while true {
            let scanning = try player.get("Scanning", Self.interface).unwrappingVariants == .boolean(true)
            let scanned = try player.get("Scanned", Self.interface).integerValue ?? 0
            let songs = try player.get("Songs", Self.interface).integerValue ?? 0
            sawScanning = sawScanning || scanning
            let line = scanning ? "scanning: \(scanned) files examined, \(songs) songs" : "\(songs) songs"
            if live, line != last { Terminal.out("\r\u{1B}[K" + line) }
            last = line
            if !scanning && (sawScanning || changed.withLock({ $0 })) { break }
            // Wait for the next PropertiesChanged (dispatched on the connection's own thread).
            let deadline = monotonicSeconds() + 0.5
            while !changed.withLock({
                let v = $0; $0 = false; return v
            }) && monotonicSeconds() < deadline {
                usleep(20_000)  // display refresh back-off; the loop ends on the Scanning property, not on time
            }
            if !scanning && !sawScanning { sawScanning = true }  // the scan was over before we looked
        }
        Terminal.out((live ? "\r\u{1B}[K" : "") + last + "\n")
    }

    private func monotonicSeconds() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }

    /// Says on stderr which filter value matched nothing and what it may have meant (the listing itself, empty,
    /// is still a success: nothing matched).
    private func hintMisses(_ filter: LibraryFilterOptions) throws(ClientError) {
        guard filter != LibraryFilterOptions() else { return }
        let reply = try player.call("CheckFilter", [Self.filter(filter)], interface: Self.interface)
        guard case .array(_, let misses)? = reply.first else { return }
        for miss in misses {
            guard case .structure(let f) = miss, f.count == 3 else { continue }
            let suggestions: [String]
            if case .array(_, let items) = f[2] {
                suggestions = items.compactMap(\.stringValue)
            } else {
                suggestions = []
            }
            Terminal.err(
                "linnet: "
                    + LibraryRendering.miss(
                        key: f[0].stringValue ?? "", value: f[1].stringValue ?? "",
                        suggestions: suggestions))
        }
    }

    static func filter(_ f: LibraryFilterOptions) -> DBusValue {
        .dictionary(
            key: .string, value: .variant,
            f.pairs.map { pair in
                DBusDictEntry(
                    .string(pair.key),
                    .variant(pair.number.map { .int32(Int32(clamping: $0)) } ?? .string(pair.text ?? "")))
            })
    }

    static func values(_ row: DBusValue) -> [String: LibraryRendering.RowValue] {
        var out: [String: LibraryRendering.RowValue] = [:]
        for (key, value) in row.stringKeyedDictionary ?? [:] {
            let v = value.unwrappingVariants
            switch v {
            case .string(let s): out[key] = .text(s)
            case .objectPath(let p): out[key] = .text(p.rawValue)
            case .boolean(let b): out[key] = .flag(b)
            case .array(_, let items): out[key] = .list(items.compactMap(\.stringValue))
            default: if let n = v.integerValue { out[key] = .number(n) }
            }
        }
        return out
    }
}

/// `linnet playlist …` on the Library interface.
extension LibraryClient {
    func run(_ request: PlaylistRequest) throws(ClientError) {
        let i = Self.interface
        switch request {
        case .list(let json):
            let reply = try player.call("ListPlaylists", interface: i)
            guard case .array(_, let rows)? = reply.first else { throw .unexpected("ListPlaylists returned \(reply)") }
            for row in rows {
                let values = Self.values(row)
                if json {
                    Terminal.out(LibraryRendering.json(values).encoded + "\n")
                } else {
                    Terminal.out(PlaylistRendering.line(values) + "\n")
                }
            }
        case .show(let name, let json):
            // Songs and streams in the playlist's order (a Query of songs would leave the streams out).
            let reply = try player.call("PlaylistEntries", [.string(name)], interface: i)
            guard case .array(_, let rows)? = reply.first else {
                throw .unexpected("PlaylistEntries returned \(reply)")
            }
            for (n, row) in rows.enumerated() {
                let values = Self.values(row)
                Terminal.out(
                    json
                        ? LibraryRendering.json(values).encoded + "\n"
                        : "\(n + 1)  " + LibraryRendering.line(kind: "songs", values) + "\n")
            }
        case .create(let name):
            try player.call("CreatePlaylist", [.string(name)], interface: i)
        case .rename(let name, let newName):
            try player.call("RenamePlaylist", [.string(name), .string(newName)], interface: i)
        case .move(let name, let from, let to):
            // The bus counts from 0, people from 1 (as show numbers the entries).
            try player.call(
                "MovePlaylistEntry",
                [
                    .string(name), .uint32(UInt32(clamping: from - 1)),
                    .uint32(UInt32(clamping: to - 1))
                ], interface: i)
        case .add(let name, let filter):
            try player.call(
                "AddToPlaylist", [.string(name), .string("songs"), Self.filter(filter), .string("")], interface: i)
        case .addStreams(let name, let urls):
            try player.call(
                "AddStreamsToPlaylist", [.string(name), .array(element: "s", urls.map { .string($0) })],
                interface: i)
        case .remove(let name, let position):
            try player.call(
                "RemoveFromPlaylist", [.string(name), .uint32(UInt32(clamping: position - 1))], interface: i)
        case .delete(let name):
            try player.call("DeletePlaylist", [.string(name)], interface: i)
        case .export(let name, let path):
            try player.call("ExportPlaylist", [.string(name), .string(path)], interface: i)
        }
    }
}
