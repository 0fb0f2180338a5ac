import DBus
import Dispatch
import PlayerCore

/// What the recorder interface asks of the service; every call runs on the connection's queue.
@MainActor
public protocol RecorderControl: AnyObject, Sendable {
    func startRecording(_ settings: RecordingSettings) throws(RecorderError)
    func pauseRecording() throws(RecorderError)
    func resumeRecording() throws(RecorderError)
    func stopRecording() throws(RecorderError)
}

/// The recorder's state as published.
public struct RecorderSnapshot: Sendable, Hashable {
    public var state: RecordingState
    public var seconds: Double
    public var path: String
    public init(state: RecordingState = .idle, seconds: Double = 0, path: String = "") {
        self.state = state
        self.seconds = seconds
        self.path = path
    }
}

/// Exports `org.mpris.MediaPlayer2.linnet.Recorder` on `/org/mpris/MediaPlayer2`:
/// `StartRecording(s path, a{sv} settings)`, `PauseRecording()`, `ResumeRecording()`, `StopRecording()`;
/// properties `RecordingState` (s), `RecordedSeconds` (d), `RecordingPath` (s), with PropertiesChanged; signal
/// `RecordingFinished(s path, s reason)`. Invalid settings are refused with InvalidArgs before anything starts.
///
/// Concurrency: main actor; its connection runs on the main queue and D-Bus enters through `onMainActor`.
@MainActor
public final class RecorderInterface {
    public static let interface = "org.mpris.MediaPlayer2.linnet.Recorder"
    let connection: DBusConnection
    let log: @Sendable (String) -> Void
    private var last = RecorderSnapshot()

    public init(
        connection: DBusConnection, control: any RecorderControl,
        log: @escaping @Sendable (String) -> Void
    ) throws(DBusError) {
        guard connection.runsOnMainQueue else {
            throw .invalidArgs("RecorderInterface needs a connection on the main queue")
        }
        self.connection = connection
        self.log = log
        @Sendable func run(_ body: () throws(RecorderError) -> Void) throws(DBusError) {
            do { try body() } catch {
                throw DBusError(
                    name: error.kind == .invalidSettings ? DBusError.Name.invalidArgs : DBusError.Name.failed,
                    message: error.message)
            }
        }
        let iface = DBusInterface(
            Self.interface,
            methods: [
                DBusMethod.onMainActor("StartRecording", in: "sa{sv}", inNames: ["Path", "Settings"]) { call in
                    let settings = try Self.settings(call.arguments)
                    try run { () throws(RecorderError) in try control.startRecording(settings) }
                    return []
                },
                DBusMethod.onMainActor("PauseRecording") { _ in
                    try run { () throws(RecorderError) in try control.pauseRecording() }; return []
                },
                DBusMethod.onMainActor("ResumeRecording") { _ in
                    try run { () throws(RecorderError) in try control.resumeRecording() }; return []
                },
                DBusMethod.onMainActor("StopRecording") { _ in
                    try run { () throws(RecorderError) in try control.stopRecording() }; return []
                }
            ],
            properties: Self.properties.declarations(current: { [unowned self] in last }),
            signals: [
                DBusSignalDeclaration("RecordingFinished", signature: "ss", argNames: ["Path", "Reason"])
            ])
        try connection.export(path: MPRISNames.objectPath, interfaces: [iface])
    }

    /// The checked settings of a StartRecording call (InvalidArgs naming the key otherwise).
    static func settings(_ arguments: [DBusValue]) throws(DBusError) -> RecordingSettings {
        guard arguments.count == 2, case .string(let path) = arguments[0],
            let dict = arguments[1].stringKeyedDictionary
        else { throw .invalidArgs("expected (s path, a{sv} settings)") }
        var raw: [String: RecordingSettings.Value] = [:]
        for (key, value) in dict {
            switch value.unwrappingVariants {
            case .string(let s): raw[key] = .string(s)
            case .uint32(let u): raw[key] = .unsigned(UInt64(u))
            case .uint64(let u): raw[key] = .unsigned(u)
            case .int32(let i) where i >= 0: raw[key] = .unsigned(UInt64(i))
            case .int64(let i) where i >= 0: raw[key] = .unsigned(UInt64(i))
            case .double(let d): raw[key] = .double(d)
            case let other: raw[key] = .other(other.signature.rawValue)
            }
        }
        do { return try RecordingSettings.make(path: path, raw) } catch {
            throw .invalidArgs("StartRecording: \(error)")
        }
    }

    /// Publishes what changed (one PropertiesChanged).
    public func update(_ snapshot: RecorderSnapshot) {
        let changed = Self.properties.changes(from: last, to: snapshot)
        last = snapshot
        connection.announce(changed, interface: Self.interface, what: "recorder", log: log)
    }

    nonisolated static let properties = SnapshotProperties<RecorderSnapshot>([
        .init("RecordingState", .string) { .string($0.state.rawValue) },
        .init("RecordedSeconds", .double) { .double($0.seconds) },
        .init("RecordingPath", .string) { .string($0.path) }
    ])

    /// Sends `RecordingFinished(path, reason)`.
    public func finished(path: String, reason: RecordingEndReason) {
        do {
            try connection.emitSignal(
                path: MPRISNames.objectPath, interface: Self.interface, name: "RecordingFinished",
                arguments: [.string(path), .string(reason.rawValue)])
        } catch {
            log("recorder: could not emit RecordingFinished: \(error)")
        }
    }
}
