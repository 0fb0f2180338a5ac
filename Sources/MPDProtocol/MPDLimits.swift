/// The bounds every parser in this module keeps, whatever a client sends.
public struct MPDLimits: Sendable, Equatable {
    /// Longest request line in bytes, without its "\n" (MPD's input buffer is 8 KiB: no MPD client sends more).
    public var maxLineBytes: Int
    /// Most arguments after the command name (MPD: two per tag type plus two, enough for every old-style pair).
    public var maxArguments: Int
    /// Most commands in one command list (MPD has only a byte bound; tiny lines would make many small entries).
    public var maxListCommands: Int
    /// Most bytes in one command list, each line counted with one byte more (MPD's default, 2 MiB).
    public var maxListBytes: Int
    /// Deepest nesting of parentheses in a filter expression (MPD recurses without a bound).
    public var maxFilterDepth: Int
    /// Longest quoted value inside a filter expression in bytes (MPD's 4 KiB buffer, less one).
    public var maxFilterValueBytes: Int

    /// Bounds with the given values; each defaults to MPD's (or, where MPD has none, a generous one).
    public init(
        maxLineBytes: Int = 8192, maxArguments: Int = 2 + 2 * MPDTag.allCases.count, maxListCommands: Int = 65536,
        maxListBytes: Int = 2 << 20, maxFilterDepth: Int = 32, maxFilterValueBytes: Int = 4095
    ) {
        self.maxLineBytes = maxLineBytes
        self.maxArguments = maxArguments
        self.maxListCommands = maxListCommands
        self.maxListBytes = maxListBytes
        self.maxFilterDepth = maxFilterDepth
        self.maxFilterValueBytes = maxFilterValueBytes
    }

    /// The default bounds.
    public static let `default` = MPDLimits()
}
