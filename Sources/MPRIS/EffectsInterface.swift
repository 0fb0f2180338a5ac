import DBus
import Dispatch
import PlayerCore

/// What the effects interface asks of the service; every call runs on the connection's queue.
@MainActor
public protocol EffectsControl: AnyObject, Sendable {
    /// Loads the sound at `path` for bus client `owner`; `done` (on the connection's queue) gets its id.
    func loadEffect(
        path: String, owner: String, done: @escaping @MainActor @Sendable (Result<UInt32, EffectError>) -> Void)
    /// Plays effect `id` (any client may) as an effect at `volume` or as an alert (`volume` nil); the play id.
    func playEffect(_ id: UInt32, volume: Double?) throws(EffectError) -> UInt32
    /// Unloads effect `id`; only its owner may.
    func unloadEffect(_ id: UInt32, caller: String) throws(EffectError)
    /// Loaded effect ids (the `Effects` property).
    var effectIDs: [UInt32] { get }
}

/// Exports `org.mpris.MediaPlayer2.linnet.Effects` on `/org/mpris/MediaPlayer2`:
/// `LoadEffect(s uri) → u id`, `PlayEffect(u id, d volume) → u playId`, `PlayAlert(u id) → u playId`,
/// `UnloadEffect(u id)`, property `Effects` (au, with PropertiesChanged) and signal
/// `EffectFinished(u id, u playId)` once a play has been heard. Bad input gets InvalidArgs; unloading someone
/// else's effect AccessDenied; a sound server failure Failed.
///
/// Concurrency: main actor; its connection runs on the main queue and D-Bus enters through `onMainActor`.
@MainActor
public final class EffectsInterface {
    public static let interface = "org.mpris.MediaPlayer2.linnet.Effects"
    let connection: DBusConnection
    let log: @Sendable (String) -> Void

    public init(
        connection: DBusConnection, control: any EffectsControl,
        log: @escaping @Sendable (String) -> Void
    ) throws(DBusError) {
        self.connection = connection
        self.log = log
        let iface = DBusInterface(
            Self.interface,
            methods: [
                DBusMethod.onMainActor(
                    "LoadEffect", in: "s", out: "u", inNames: ["Uri"], outNames: ["Id"],
                    deferred: { call, reply in
                        guard let sender = call.sender, case .string(let uri) = call.arguments[0] else {
                            return reply.fail(.invalidArgs("LoadEffect needs a bus client and a URI"))
                        }
                        let path: String
                        do throws(URIError) {
                            path = uri.hasPrefix("/") ? uri : try FileURI.path(fromURI: uri)
                        } catch {
                            return reply.fail(.invalidArgs("LoadEffect: \(error) (a file:// URI or an absolute path)"))
                        }
                        control.loadEffect(path: path, owner: sender) { result in
                            switch result {
                            case .success(let id): reply.succeed([.uint32(id)])
                            case .failure(let error): reply.fail(Self.dbusError(error))
                            }
                        }
                    }),
                DBusMethod.onMainActor(
                    "PlayEffect", in: "ud", out: "u", inNames: ["Id", "Volume"], outNames: ["PlayId"]
                ) { call in
                    guard case .uint32(let id) = call.arguments[0], case .double(let volume) = call.arguments[1] else {
                        return []
                    }
                    guard volume.isFinite, volume >= 0, volume <= 4 else {
                        throw DBusError.invalidArgs("PlayEffect: volume \(volume) is outside 0…4 (1 = 100 %)")
                    }
                    return [
                        .uint32(try Self.run { () throws(EffectError) in try control.playEffect(id, volume: volume) })
                    ]
                },
                DBusMethod.onMainActor("PlayAlert", in: "u", out: "u", inNames: ["Id"], outNames: ["PlayId"]) { call in
                    guard case .uint32(let id) = call.arguments[0] else { return [] }
                    return [.uint32(try Self.run { () throws(EffectError) in try control.playEffect(id, volume: nil) })]
                },
                DBusMethod.onMainActor("UnloadEffect", in: "u", inNames: ["Id"]) { call in
                    guard case .uint32(let id) = call.arguments[0], let sender = call.sender else { return [] }
                    try Self.run { () throws(EffectError) in try control.unloadEffect(id, caller: sender) }
                    return []
                }
            ],
            properties: [
                DBusProperty.onMainActor(
                    "Effects", signature: "au",
                    get: { .array(element: .uint32, control.effectIDs.map(DBusValue.uint32)) }),
                DBusProperty.onMainActor(
                    "MaxSeconds", signature: .uint32, emitsChange: .constant,
                    get: { .uint32(UInt32(EffectClip.maxSeconds)) }),
                DBusProperty.onMainActor(
                    "MaxBytes", signature: .uint32, emitsChange: .constant,
                    get: { .uint32(UInt32(EffectClip.maxBytes)) })
            ],
            signals: [
                DBusSignalDeclaration("EffectFinished", signature: "uu", argNames: ["Id", "PlayId"])
            ])
        try connection.export(path: MPRISNames.objectPath, interfaces: [iface])
    }

    nonisolated static func dbusError(_ error: EffectError) -> DBusError {
        switch error.kind {
        case .invalidArgument: return .invalidArgs(error.message)
        case .accessDenied: return DBusError(name: DBusError.Name.accessDenied, message: error.message)
        case .failed: return .failed(error.message)
        }
    }

    nonisolated static func run<T>(_ body: () throws(EffectError) -> T) throws(DBusError) -> T {
        do { return try body() } catch { throw dbusError(error) }
    }

    /// Sends `EffectFinished(id, playId)`.
    public func finished(effect: UInt32, play: UInt32) {
        do {
            try connection.emitSignal(
                path: MPRISNames.objectPath, interface: Self.interface, name: "EffectFinished",
                arguments: [.uint32(effect), .uint32(play)])
        } catch {
            log("effects: could not emit EffectFinished: \(error)")
        }
    }

    /// Announces the new `Effects` list.
    public func effectsChanged(_ ids: [UInt32]) {
        do {
            try connection.emitPropertiesChanged(
                path: MPRISNames.objectPath, interface: Self.interface,
                changed: ["Effects": .array(element: .uint32, ids.map(DBusValue.uint32))])
        } catch {
            log("effects: could not emit PropertiesChanged: \(error)")
        }
    }
}
