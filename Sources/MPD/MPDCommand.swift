/// One command of the protocol: the permission it needs and its handler.
struct MPDCommand: Sendable {
    let permission: MPDPermission
    let run: @MainActor @Sendable (inout MPDCommandContext) throws(MPDCommandError) -> Void

    init(
        _ permission: MPDPermission,
        _ run: @escaping @MainActor @Sendable (inout MPDCommandContext) throws(MPDCommandError) -> Void
    ) {
        self.permission = permission
        self.run = run
    }
}

/// Every command this server implements, by name: what `commands` lists, nothing more.
@MainActor
enum MPDCommandTable {
    static let commands: [String: MPDCommand] = {
        var table: [String: MPDCommand] = [:]
        let groups = [
            MPDConnectionCommands.all, MPDStatusCommands.all, MPDPlaybackCommands.all, MPDQueueCommands.all,
            MPDDatabaseCommands.all, MPDSearchCommands.all, MPDPictureCommands.all, MPDStoredPlaylistCommands.all,
            MPDStoredPlaylistEditCommands.all
        ]
        for group in groups {
            table.merge(group) { first, _ in first }
        }
        return table
    }()

    /// Handled by the session itself (they change its state, not the player's), listed by `commands` too.
    static let sessionCommands = ["close", "idle", "noidle"]

    /// `commands`' list, sorted as MPD sorts it.
    static var names: [String] { (Array(commands.keys) + sessionCommands).sorted() }
}
