import DBus
import Dispatch
import PlayerCore

/// The three interface declarations, with the spec's signatures, access and EmitsChangedSignal modes.
extension MPRISService {
    func rootInterface() -> DBusInterface {
        let values = PropertyMapping.root()
        func constant(_ name: String, _ signature: DBusSignature) -> DBusProperty {
            let v = values[name]!
            return DBusProperty.onMainActor(name, signature: signature, get: { v })
        }
        return DBusInterface(
            MPRISNames.rootInterface,
            methods: [
                // CanRaise is false: there is no window, so Raise has nothing to do (the spec allows a no-op).
                DBusMethod.onMainActor("Raise") { _ in [] },
                DBusMethod.onMainActor("Quit") { [control] _ in
                    // After the reply is on its way.
                    DispatchQueue.main.async { control.quit() }
                    return []
                }
            ],
            properties: [
                constant("CanQuit", .boolean),
                constant("CanRaise", .boolean),
                DBusProperty.onMainActor(
                    "Fullscreen", signature: .boolean, access: .readwrite, get: { .boolean(false) },
                    set: { _ in throw DBusError.notSupported("Linnet has no window to make fullscreen") }),
                constant("CanSetFullscreen", .boolean),
                constant("HasTrackList", .boolean),
                constant("Identity", .string),
                constant("DesktopEntry", .string),
                constant("SupportedUriSchemes", "as"),
                constant("SupportedMimeTypes", "as")
            ])
    }

    func playerInterface() -> DBusInterface {
        let c = control
        func command(_ name: String, _ body: @escaping @MainActor @Sendable () -> Void) -> DBusMethod {
            DBusMethod.onMainActor(name) { _ in
                body(); return []
            }
        }
        func value(_ name: String, _ signature: DBusSignature, emits: DBusProperty.ChangeEmission = .emitsValue)
            -> DBusProperty
        {
            DBusProperty.onMainActor(
                name, signature: signature, emitsChange: emits,
                get: { [unowned self] in PropertyMapping.player(last)[name]! })
        }
        return DBusInterface(
            MPRISNames.playerInterface,
            methods: [
                command("Next") { c.next() },
                command("Previous") { c.previous() },
                command("Pause") { c.pause() },
                command("PlayPause") { c.playPause() },
                command("Stop") { c.stop() },
                command("Play") { c.play() },
                DBusMethod.onMainActor("Seek", in: .int64, inNames: ["Offset"]) { call in
                    if case .int64(let offset) = call.arguments[0] { c.seek(by: offset) }
                    return []
                },
                DBusMethod.onMainActor("SetPosition", in: "ox", inNames: ["TrackId", "Position"]) { call in
                    // A stale or foreign track id is ignored, as the spec says.
                    guard case .objectPath(let p) = call.arguments[0], case .entry(let id)? = TrackPath.parse(p),
                        case .int64(let position) = call.arguments[1]
                    else { return [] }
                    c.setPosition(track: id, microseconds: position)
                    return []
                },
                DBusMethod.onMainActor("OpenUri", in: .string, inNames: ["Uri"]) { call in
                    let uri = call.arguments[0].stringValue ?? ""
                    try MPRISService.run { () throws(PlayerCommandError) in try c.openURI(uri) }
                    return []
                }
            ],
            properties: [
                value("PlaybackStatus", .string),
                DBusProperty.onMainActor(
                    "LoopStatus", signature: .string, access: .readwrite,
                    get: { [unowned self] in PropertyMapping.player(last)["LoopStatus"]! },
                    set: { v in
                        guard let text = v.stringValue, let mode = LoopStatusText.parse(text) else {
                            throw DBusError.invalidArgs(
                                "LoopStatus must be None, Track or Playlist, not '\(v.stringValue ?? "?")'")
                        }
                        c.setLoopMode(mode)
                    }),
                DBusProperty.onMainActor(
                    "Rate", signature: .double, access: .readwrite,
                    get: { [unowned self] in .double(last.rate) },
                    set: { [unowned self] v in
                        let rate = v.doubleValue ?? .nan
                        // The spec: a client setting 0.0 means Pause.
                        if rate == 0.0 { c.pause(); return }
                        let range = last.rateRange
                        guard range.contains(rate) else {
                            throw DBusError.invalidArgs(
                                "Rate \(rate) is outside MinimumRate \(range.lowerBound) "
                                    + "… MaximumRate \(range.upperBound)")
                        }
                        c.setRate(rate)
                    }),
                DBusProperty.onMainActor(
                    "Shuffle", signature: .boolean, access: .readwrite,
                    get: { [unowned self] in .boolean(last.shuffle) },
                    set: { v in if case .boolean(let on) = v { c.setShuffle(on) } }),
                value("Metadata", "a{sv}"),
                DBusProperty.onMainActor(
                    "Volume", signature: .double, access: .readwrite,
                    get: { [unowned self] in .double(last.volume) },
                    set: { v in
                        guard let volume = v.doubleValue, volume.isFinite else {
                            throw DBusError.invalidArgs("Volume must be a finite number")
                        }
                        // Documented clamp: below 0 is 0 (spec), above PlayerState.maximumVolume is that.
                        c.setVolume(min(max(0, volume), PlayerState.maximumVolume))
                    }),
                DBusProperty.onMainActor(
                    "Position", signature: .int64, emitsChange: .none,
                    get: { PropertyMapping.position(c.positionMicroseconds) }),
                value("MinimumRate", .double),
                value("MaximumRate", .double),
                value("CanGoNext", .boolean),
                value("CanGoPrevious", .boolean),
                value("CanPlay", .boolean),
                value("CanPause", .boolean),
                value("CanSeek", .boolean),
                value("CanControl", .boolean, emits: .none)
            ],
            signals: [
                DBusSignalDeclaration("Seeked", signature: .int64, argNames: ["Position"])
            ])
    }

    func trackListInterface() -> DBusInterface {
        let c = control
        return DBusInterface(
            MPRISNames.trackListInterface,
            methods: [
                DBusMethod.onMainActor(
                    "GetTracksMetadata", in: "ao", out: "aa{sv}", inNames: ["TrackIds"], outNames: ["Metadata"]
                ) {
                    [unowned self] call in
                    var out: [DBusValue] = []
                    for case .objectPath(let p) in call.arguments[0].as([DBusObjectPath].self)?.map(\.dbusValue) ?? [] {
                        // Ids outside the window (a client that kept old ones) are still answered while queued.
                        guard case .entry(let id)? = TrackPath.parse(p),
                            let track = last.tracks.first(where: { $0.id == id }) ?? c.trackSnapshot(id)
                        else { continue }
                        out.append(MetadataMapping.value(track))
                    }
                    return [.array(element: "a{sv}", out)]
                },
                DBusMethod.onMainActor("AddTrack", in: "sob", inNames: ["Uri", "AfterTrack", "SetAsCurrent"]) { call in
                    let uri = call.arguments[0].stringValue ?? ""
                    var after: QueueEntryID?
                    if case .objectPath(let p) = call.arguments[1], TrackPath.parse(p) != .noTrack {
                        after = try MPRISService.entry(call.arguments[1])
                    }
                    let current = call.arguments[2] == .boolean(true)
                    try MPRISService.run { () throws(PlayerCommandError) in
                        try c.addTrack(uri: uri, after: after, setAsCurrent: current)
                    }
                    return []
                },
                DBusMethod.onMainActor("RemoveTrack", in: .objectPath, inNames: ["TrackId"]) { call in
                    let id = try MPRISService.entry(call.arguments[0])
                    try MPRISService.run { () throws(PlayerCommandError) in try c.removeTrack(id) }
                    return []
                },
                DBusMethod.onMainActor("GoTo", in: .objectPath, inNames: ["TrackId"]) { call in
                    let id = try MPRISService.entry(call.arguments[0])
                    try MPRISService.run { () throws(PlayerCommandError) in try c.goTo(id) }
                    return []
                }
            ],
            properties: [
                DBusProperty.onMainActor(
                    "Tracks", signature: "ao", emitsChange: .invalidates,
                    get: { [unowned self] in PropertyMapping.trackIDs(last.tracks.map(\.id)) }),
                DBusProperty.onMainActor("CanEditTracks", signature: .boolean, get: { .boolean(true) })
            ],
            signals: [
                DBusSignalDeclaration("TrackListReplaced", signature: "aoo", argNames: ["Tracks", "CurrentTrack"]),
                DBusSignalDeclaration("TrackAdded", signature: "a{sv}o", argNames: ["Metadata", "AfterTrack"]),
                DBusSignalDeclaration("TrackRemoved", signature: .objectPath, argNames: ["TrackId"]),
                DBusSignalDeclaration("TrackMetadataChanged", signature: "oa{sv}", argNames: ["TrackId", "Metadata"])
            ])
    }
}
