import DBus
import PlayerCore

/// The Library interface's radio station list and streams in playlists: `ListStations() → a(ss)`,
/// `AddStation(s name, s url)`, `RemoveStation(s name)`, `AddStreamsToPlaylist(s name, as urls)`,
/// `PlaylistEntries(s name) → aa{sv}` (songs as song rows; a stream as `xesam:url`, `xesam:title` = its URL and
/// `linnet:stream` = true). A URL that is not http(s), or that cannot be parsed (`LibraryError.malformedURL`), is
/// refused with InvalidArgs and nothing is stored.
extension LibraryInterface {
    static func stationMethods(_ control: any StationControl, changed: @escaping @MainActor @Sendable () -> Void)
        -> [DBusMethod]
    {
        @Sendable func run(_ body: () throws(LibraryError) -> Void) throws(DBusError) {
            do { try body() } catch { throw dbusError(error) }
        }
        return [
            DBusMethod.onMainActor("ListStations", out: "a(ss)", outNames: ["Stations"]) { _ in
                let list: [RadioStation]
                do throws(LibraryError) { list = try control.stations() } catch { throw dbusError(error) }
                return [.array(element: "(ss)", list.map { .structure([.string($0.name), .string($0.url)]) })]
            },
            DBusMethod.onMainActor("AddStation", in: "ss", inNames: ["Name", "Url"]) { call in
                try run { () throws(LibraryError) in
                    try control.addStation(
                        name: call.arguments[0].stringValue ?? "", url: call.arguments[1].stringValue ?? "")
                }
                return []
            },
            DBusMethod.onMainActor("RemoveStation", in: .string, inNames: ["Name"]) { call in
                try run { () throws(LibraryError) in
                    try control.removeStation(name: call.arguments[0].stringValue ?? "")
                }
                return []
            },
            DBusMethod.onMainActor("AddStreamsToPlaylist", in: "sas", inNames: ["Name", "Urls"]) { call in
                guard case .array(_, let items) = call.arguments[1] else {
                    throw DBusError.invalidArgs("AddStreamsToPlaylist needs an array of URLs")
                }
                let urls = items.map { $0.stringValue ?? "" }
                try run { () throws(LibraryError) in
                    try control.addStreams(toPlaylist: reference(call.arguments[0]), urls: urls)
                }
                changed()
                return []
            },
            DBusMethod.onMainActor(
                "PlaylistEntries", in: .string, out: "aa{sv}", inNames: ["Name"], outNames: ["Entries"]
            ) {
                call in
                let entries: [PlaylistEntry]
                do throws(LibraryError) {
                    entries = try control.playlistEntries(reference(call.arguments[0]))
                } catch { throw dbusError(error) }
                return [.array(element: "a{sv}", entries.map(LibraryMapping.value))]
            }
        ]
    }
}
