import DBus
import Dispatch
import PlayerCore

/// Exports `org.mpris.MediaPlayer2.linnet.Lyrics` on `/org/mpris/MediaPlayer2`: the current track's lyrics
/// (`Lines`, `Text`, `Source`, `HasLyrics`, `Synced`), the line being heard (`CurrentLine`, announced with
/// PropertiesChanged when it changes) and `GetProgress()` for the position inside the line and word.
///
/// Concurrency: main actor; its connection runs on the main queue and D-Bus enters through `onMainActor`.
@MainActor
public final class LyricsInterface {
    let connection: DBusConnection
    let log: @Sendable (String) -> Void
    /// Where playback is in the lyrics now, read live (on the queue) by `GetProgress`.
    let progress: @MainActor @Sendable () -> LyricsPosition?
    private(set) var last = LyricsSnapshot()

    public init(
        connection: DBusConnection, progress: @escaping @MainActor @Sendable () -> LyricsPosition?,
        log: @escaping @Sendable (String) -> Void
    ) throws(DBusError) {
        guard connection.runsOnMainQueue else {
            throw .invalidArgs("LyricsInterface needs a connection on the main queue")
        }
        self.connection = connection
        self.progress = progress
        self.log = log
        try connection.export(path: MPRISNames.objectPath, interfaces: [declaration()])
    }

    /// Announces what changed since the last snapshot (one PropertiesChanged, nothing when nothing changed).
    public func update(_ snapshot: LyricsSnapshot) {
        let (changed, invalidated) = LyricsMapping.diff(from: last, to: snapshot)
        last = snapshot
        guard !changed.isEmpty || !invalidated.isEmpty else { return }
        do {
            try connection.emitPropertiesChanged(
                path: MPRISNames.objectPath, interface: LyricsMapping.interface,
                changed: changed, invalidated: invalidated)
        } catch {
            log("lyrics: could not emit PropertiesChanged: \(error)")
        }
    }

    private func declaration() -> DBusInterface {
        func value(
            _ name: String, _ signature: DBusSignature,
            emits: DBusProperty.ChangeEmission = .emitsValue
        ) -> DBusProperty {
            DBusProperty.onMainActor(
                name, signature: signature, emitsChange: emits,
                get: { [unowned self] in LyricsMapping.properties(last)[name]! })
        }
        let progress = self.progress
        return DBusInterface(
            LyricsMapping.interface,
            methods: [
                DBusMethod.onMainActor(
                    "GetProgress", out: "idid", outNames: ["Line", "LineProgress", "Word", "WordProgress"]
                ) {
                    _ in
                    LyricsMapping.progress(progress())
                }
            ],
            properties: [
                value("HasLyrics", .boolean),
                value("Synced", .boolean),
                value("Source", .string),
                value("Text", .string),
                value("Lines", LyricsMapping.linesSignature, emits: .invalidates),
                value("CurrentLine", .int32)
            ])
    }
}
