import DBus
import PlayerCore

/// The Library interface's playlist methods: the user's own playlists, edited by reference — an id (as
/// `ListPlaylists` and MPRIS Playlists give it: the object path `/org/linnet/Playlist/ID`, or ID alone), a file
/// playlist's path, or a name (`PlaylistLookup`). `CheckFilter(a{sv}) → a(ssas)` tells which filter values match
/// nothing: (key, value, the closest names).
extension LibraryInterface {
    /// What a playlist argument means: an object path under the playlists' prefix is an id, anything else is text.
    nonisolated static func reference(_ value: DBusValue) -> PlaylistReference {
        let text = value.stringValue ?? ""
        if text.hasPrefix(PlaylistsInterface.pathPrefix) {
            return .id(String(text.dropFirst(PlaylistsInterface.pathPrefix.count)))
        }
        return .text(text)
    }

    static func playlistMethods(_ control: any PlaylistControl, changed: @escaping @MainActor @Sendable () -> Void)
        -> [DBusMethod]
    {
        @MainActor func run(_ body: () throws(LibraryError) -> Void) throws(DBusError) {
            do { try body() } catch { throw dbusError(error) }
            changed()
        }
        @Sendable func position(_ v: DBusValue) -> Int { Int(clamping: v.integerValue ?? 0) }
        return [
            DBusMethod.onMainActor("ListPlaylists", out: "aa{sv}", outNames: ["Playlists"]) { _ in
                let list: [PlaylistInfo]
                do throws(LibraryError) { list = try control.playlists() } catch { throw dbusError(error) }
                return [.array(element: "a{sv}", PlaylistOrdering.alphabetical.sorted(list, reverse: false).map(value))]
            },
            DBusMethod.onMainActor(
                "CreatePlaylist", in: .string, out: .objectPath, inNames: ["Name"], outNames: ["Playlist"]
            ) {
                call in
                var created: PlaylistInfo?
                try run { () throws(LibraryError) in
                    created = try control.createPlaylist(call.arguments[0].stringValue ?? "")
                }
                return [.objectPath(DBusObjectPath(PlaylistsInterface.pathPrefix + (created?.id ?? "")) ?? "/")]
            },
            DBusMethod.onMainActor("RenamePlaylist", in: "ss", inNames: ["Name", "NewName"]) { call in
                try run { () throws(LibraryError) in
                    try control.renamePlaylist(reference(call.arguments[0]), to: call.arguments[1].stringValue ?? "")
                }
                return []
            },
            DBusMethod.onMainActor("AddToPlaylist", in: "ssa{sv}s", inNames: ["Name", "Kind", "Filter", "Order"]) {
                call in
                let q = try query(Array(call.arguments.dropFirst()), order: call.arguments[3])
                try run { () throws(LibraryError) in try control.addToPlaylist(reference(call.arguments[0]), q) }
                return []
            },
            DBusMethod.onMainActor("RemoveFromPlaylist", in: "su", inNames: ["Name", "Position"]) { call in
                try run { () throws(LibraryError) in
                    try control.removeFromPlaylist(reference(call.arguments[0]), at: position(call.arguments[1]))
                }
                return []
            },
            DBusMethod.onMainActor("MovePlaylistEntry", in: "suu", inNames: ["Name", "From", "To"]) { call in
                try run { () throws(LibraryError) in
                    try control.movePlaylistEntry(
                        reference(call.arguments[0]), from: position(call.arguments[1]),
                        to: position(call.arguments[2]))
                }
                return []
            },
            DBusMethod.onMainActor(
                "CheckFilter", in: "a{sv}", out: "a(ssas)", inNames: ["Filter"], outNames: ["Misses"]
            ) { call in
                let filter: LibraryQuery.Filter
                do throws(LibraryQueryError) {
                    filter = playlistIDs(try LibraryQuery.Filter(LibraryMapping.filter(call.arguments[0])))
                } catch {
                    throw DBusError.invalidArgs(error.description)
                }
                let misses: [FilterMiss]
                do throws(LibraryError) { misses = try control.filterMisses(filter) } catch { throw dbusError(error) }
                return [
                    .array(
                        element: "(ssas)",
                        misses.map {
                            .structure([.string($0.key), .string($0.value), DBusValue($0.suggestions)])
                        })
                ]
            },
            DBusMethod.onMainActor("DeletePlaylist", in: .string, inNames: ["Name"]) { call in
                try run { () throws(LibraryError) in try control.deletePlaylist(reference(call.arguments[0])) }
                return []
            },
            DBusMethod.onMainActor("ExportPlaylist", in: "ss", inNames: ["Name", "Path"]) { call in
                let path = call.arguments[1].stringValue ?? ""
                guard path.hasPrefix("/") else { throw DBusError.invalidArgs("ExportPlaylist needs an absolute path") }
                try run { () throws(LibraryError) in try control.exportPlaylist(reference(call.arguments[0]), to: path)
                }
                return []
            }
        ]
    }

    /// A playlist as `a{sv}`: id (o), name, kind (user, file, recent, mostplayed), songs (u: entries that are
    /// library songs), streams (u), path (s, file playlists only), created, modified and lastplayed (x, seconds
    /// since the epoch).
    nonisolated static func value(_ p: PlaylistInfo) -> DBusValue {
        let kind: String
        switch p.source {
        case .user: kind = "user"
        case .file: kind = "file"
        case .recentlyAdded: kind = "recent"
        case .mostPlayed: kind = "mostplayed"
        }
        var m: [(String, DBusValue)] = [
            ("id", .objectPath(DBusObjectPath(PlaylistsInterface.pathPrefix + p.id) ?? "/")),
            ("name", .string(p.name)), ("kind", .string(kind)),
            ("songs", .uint32(UInt32(clamping: p.songs))),
            ("streams", .uint32(UInt32(clamping: p.streams))), ("created", .int64(p.created)),
            ("modified", .int64(p.modified))
        ]
        if let path = p.path { m.append(("path", .string(path))) }
        if let t = p.lastPlayed { m.append(("lastplayed", .int64(t))) }
        return .dictionary(key: .string, value: .variant, m.map { DBusDictEntry(.string($0.0), .variant($0.1)) })
    }
}
