/// One output as the Route interface's `Outputs` property, `linnet output list` and MPD's `outputs` show it.
public struct OutputDescription: Sendable, Hashable {
    public var id: Int
    public var name: String
    /// "pulse" or "snapcast".
    public var plugin: String
    public var enabled: Bool
    /// "local", or the Snapcast stream's URI.
    public var address: String
    /// "idle", "connected", "retrying (reason)", "disabled".
    public var status: String

    public init(id: Int, name: String, plugin: String, enabled: Bool, address: String, status: String) {
        self.id = id
        self.name = name
        self.plugin = plugin
        self.enabled = enabled
        self.address = address
        self.status = status
    }
}
