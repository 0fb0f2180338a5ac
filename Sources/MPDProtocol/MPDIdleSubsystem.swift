/// A subsystem a client can wait for with `idle`, in MPD's order (`src/protocol/IdleFlags.cxx`).
public enum MPDIdleSubsystem: String, Sendable, CaseIterable {
    /// The song database changed.
    case database
    /// A stored playlist changed.
    case storedPlaylist = "stored_playlist"
    /// The queue changed.
    case playlist
    /// Playback started, stopped, seeked or changed song.
    case player
    /// The volume changed.
    case mixer
    /// An output was enabled, disabled or changed.
    case output
    /// Repeat, random, single, consume, crossfade or replay gain changed.
    case options
    /// A sticker changed.
    case sticker
    /// A database update started or finished.
    case update
    /// A client subscribed to or left a channel.
    case subscription
    /// A message arrived on a subscribed channel.
    case message
    /// A neighbor appeared or disappeared.
    case neighbor
    /// A storage was mounted or unmounted.
    case mount
    /// A partition was added, removed or changed.
    case partition

    /// The subsystem named `name`, ignoring ASCII case as MPD does; nil for an unknown name.
    public init?(name: String) {
        guard let found = Self.allCases.first(where: { asciiCaseInsensitiveEqual($0.rawValue, name) }) else {
            return nil
        }
        self = found
    }

    /// The subsystems `idle [SUBSYSTEM…]` waits for: those named, or all of them when none is.
    public static func parseIdleArguments(_ arguments: some Collection<String>) throws(MPDArgumentError) -> Set<Self> {
        guard !arguments.isEmpty else { return Set(allCases) }
        var wanted = Set<Self>()
        for name in arguments {
            guard let subsystem = Self(name: name) else { throw .unknownIdleSubsystem(name) }
            wanted.insert(subsystem)
        }
        return wanted
    }

    /// The `changed: X\n` lines for `changed` in MPD's order, without the final `OK`.
    public static func changedLines(_ changed: Set<Self>) -> String {
        allCases.filter(changed.contains).map { "changed: \($0.rawValue)\n" }.joined()
    }
}
