/// A validated D-Bus object path (`o`).
public struct DBusObjectPath: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The path text, always valid.
    public let rawValue: String

    /// Validates `rawValue`; nil when it is not a valid object path.
    public init?(_ rawValue: String) {
        guard DBusNames.isValidObjectPath(rawValue) else { return nil }
        self.rawValue = rawValue
    }

    /// For literals in code; traps on an invalid literal (a programming error).
    public init(stringLiteral value: String) {
        guard let p = DBusObjectPath(value) else { preconditionFailure("invalid D-Bus object path literal '\(value)'") }
        self = p
    }

    /// Trusted construction for paths libdbus already validated.
    init(unchecked rawValue: String) { self.rawValue = rawValue }

    /// The root path `/`.
    public static let root = DBusObjectPath(unchecked: "/")

    public var description: String { rawValue }
}
