/// A D-Bus error: a dotted error name plus a human-readable message. Every failure of this layer is one of these.
public struct DBusError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The D-Bus error name, e.g. `org.freedesktop.DBus.Error.UnknownMethod`.
    public var name: String
    /// A human-readable explanation with context (object path, interface, member, signature…).
    public var message: String

    /// Creates an error; an invalid `name` is replaced by `org.freedesktop.DBus.Error.Failed` when sent.
    public init(name: String, message: String) {
        self.name = name
        self.message = message
    }

    public var description: String { "\(name): \(message)" }

    /// Standard error names of the D-Bus specification.
    public enum Name {
        public static let failed = "org.freedesktop.DBus.Error.Failed"
        public static let noMemory = "org.freedesktop.DBus.Error.NoMemory"
        public static let serviceUnknown = "org.freedesktop.DBus.Error.ServiceUnknown"
        public static let nameHasNoOwner = "org.freedesktop.DBus.Error.NameHasNoOwner"
        public static let noReply = "org.freedesktop.DBus.Error.NoReply"
        public static let ioError = "org.freedesktop.DBus.Error.IOError"
        public static let badAddress = "org.freedesktop.DBus.Error.BadAddress"
        public static let notSupported = "org.freedesktop.DBus.Error.NotSupported"
        public static let accessDenied = "org.freedesktop.DBus.Error.AccessDenied"
        public static let disconnected = "org.freedesktop.DBus.Error.Disconnected"
        public static let invalidArgs = "org.freedesktop.DBus.Error.InvalidArgs"
        public static let invalidSignature = "org.freedesktop.DBus.Error.InvalidSignature"
        public static let unknownMethod = "org.freedesktop.DBus.Error.UnknownMethod"
        public static let unknownObject = "org.freedesktop.DBus.Error.UnknownObject"
        public static let unknownInterface = "org.freedesktop.DBus.Error.UnknownInterface"
        public static let unknownProperty = "org.freedesktop.DBus.Error.UnknownProperty"
        public static let propertyReadOnly = "org.freedesktop.DBus.Error.PropertyReadOnly"
        public static let timeout = "org.freedesktop.DBus.Error.Timeout"
        public static let nameTaken = "org.linnet.DBus.Error.NameTaken"
    }

    /// `org.freedesktop.DBus.Error.Failed` with a message.
    public static func failed(_ message: String) -> DBusError { DBusError(name: Name.failed, message: message) }
    /// `org.freedesktop.DBus.Error.InvalidArgs` with a message.
    public static func invalidArgs(_ message: String) -> DBusError {
        DBusError(name: Name.invalidArgs, message: message)
    }
    /// `org.freedesktop.DBus.Error.NotSupported` with a message.
    public static func notSupported(_ message: String) -> DBusError {
        DBusError(name: Name.notSupported, message: message)
    }
    /// `org.freedesktop.DBus.Error.Disconnected`: the connection is closed.
    public static let disconnected = DBusError(name: Name.disconnected, message: "the D-Bus connection is closed")
}
