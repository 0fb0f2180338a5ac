/// Text that is not a socket address this layer takes, and why.
public struct SocketAddressError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The text as given.
    public var text: String
    /// What is wrong with it ("no port", "port out of range", …).
    public var reason: String

    public init(text: String, reason: String) { (self.text, self.reason) = (text, reason) }

    /// "bad socket address "foo:99999": port out of range".
    public var description: String { "bad socket address \"\(text)\": \(reason)" }
}
