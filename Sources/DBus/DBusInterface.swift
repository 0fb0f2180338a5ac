/// One interface of an exported object, declared once: methods, properties and signals. Introspection XML,
/// `org.freedesktop.DBus.Properties` and argument checking are all derived from this declaration.
public struct DBusInterface: Sendable {
    /// The interface name, e.g. `org.mpris.MediaPlayer2.Player`.
    public let name: String
    public let methods: [DBusMethod]
    public let properties: [DBusProperty]
    public let signals: [DBusSignalDeclaration]
    /// Interface-level annotations for introspection (name → value).
    public let annotations: [(name: String, value: String)]

    public init(
        _ name: String, methods: [DBusMethod] = [], properties: [DBusProperty] = [],
        signals: [DBusSignalDeclaration] = [], annotations: [(name: String, value: String)] = []
    ) {
        self.name = name
        self.methods = methods
        self.properties = properties
        self.signals = signals
        self.annotations = annotations
    }

    /// Checks every name and signature; called by `DBusConnection.export`.
    public func validate() throws(DBusError) {
        try DBusNames.validateInterface(name)
        var seen = Set<String>()
        for m in methods {
            try DBusNames.validateMember(m.name)
            guard seen.insert("m" + m.name).inserted else {
                throw .invalidArgs("\(name): method \(m.name) declared twice")
            }
        }
        for p in properties {
            try DBusNames.validateMember(p.name)
            guard p.signature.isSingleCompleteType else {
                throw .invalidArgs("\(name).\(p.name): property type '\(p.signature)' is not one complete type")
            }
            guard seen.insert("p" + p.name).inserted else {
                throw .invalidArgs("\(name): property \(p.name) declared twice")
            }
        }
        for s in signals {
            try DBusNames.validateMember(s.name)
        }
    }
}

/// How an incoming method call is answered: with out values, or later through a `DBusReply`.
public enum DBusMethodHandler: Sendable {
    /// Runs on the connection's queue and returns the out arguments (or throws; a `DBusError` keeps its name,
    /// any other error becomes `org.freedesktop.DBus.Error.Failed`).
    case immediate(@Sendable (DBusMethodCall) throws -> [DBusValue])
    /// Receives a reply handle to answer later from any thread; if it is dropped unanswered, the caller gets
    /// `org.freedesktop.DBus.Error.NoReply` (no call goes unanswered).
    case deferred(@Sendable (DBusMethodCall, DBusReply) -> Void)
}

/// A method of an exported interface.
public struct DBusMethod: Sendable {
    public let name: String
    /// The exact signature an incoming call must have; anything else gets `InvalidArgs` without running the handler.
    public let inSignature: DBusSignature
    /// The signature of the reply; a handler returning something else gets `Failed` sent instead.
    public let outSignature: DBusSignature
    /// Argument names for introspection (optional; padded with empty names).
    public let inNames: [String]
    public let outNames: [String]
    public let handler: DBusMethodHandler

    /// A method answered synchronously on the connection's queue.
    public init(
        _ name: String, in inSignature: DBusSignature = .empty, out outSignature: DBusSignature = .empty,
        inNames: [String] = [], outNames: [String] = [],
        handler: @escaping @Sendable (DBusMethodCall) throws -> [DBusValue]
    ) {
        self.init(
            name, in: inSignature, out: outSignature, inNames: inNames, outNames: outNames,
            handler: .immediate(handler))
    }

    /// A method with an explicit handler kind (use `.deferred` to answer later).
    public init(
        _ name: String, in inSignature: DBusSignature = .empty, out outSignature: DBusSignature = .empty,
        inNames: [String] = [], outNames: [String] = [], handler: DBusMethodHandler
    ) {
        self.name = name
        self.inSignature = inSignature
        self.outSignature = outSignature
        self.inNames = inNames
        self.outNames = outNames
        self.handler = handler
    }
}

/// A property of an exported interface.
public struct DBusProperty: Sendable {
    /// Who may read and write the property.
    public enum Access: String, Sendable { case read, write, readwrite }

    /// The `org.freedesktop.DBus.Property.EmitsChangedSignal` mode: what `emitPropertiesChanged` sends for it.
    public enum ChangeEmission: String, Sendable {
        /// Changes are sent with their new value (`true`, the default).
        case emitsValue = "true"
        /// Changes are announced by name only, in the invalidated list.
        case invalidates = "invalidates"
        /// The value never changes while the object exists.
        case constant = "const"
        /// No change signal is sent.
        case none = "false"
    }

    public let name: String
    public let signature: DBusSignature
    public let access: Access
    public let emitsChange: ChangeEmission
    /// Reads the current value on the connection's queue; must return a value of `signature`.
    public let get: (@Sendable () throws -> DBusValue)?
    /// Applies a new value (already checked to be of `signature`) on the connection's queue; throw to refuse it.
    /// The layer does not emit PropertiesChanged by itself: the owner emits when the state really changed.
    public let set: (@Sendable (DBusValue) throws -> Void)?

    public init(
        _ name: String, signature: DBusSignature, access: Access = .read,
        emitsChange: ChangeEmission = .emitsValue,
        get: (@Sendable () throws -> DBusValue)?, set: (@Sendable (DBusValue) throws -> Void)? = nil
    ) {
        self.name = name
        self.signature = signature
        self.access = access
        self.emitsChange = emitsChange
        self.get = get
        self.set = set
    }

    var isReadable: Bool { access != .write && get != nil }
    var isWritable: Bool { access != .read && set != nil }
}

/// A signal an exported interface may emit (for introspection; send it with `DBusConnection.emitSignal`).
public struct DBusSignalDeclaration: Sendable {
    public let name: String
    public let signature: DBusSignature
    public let argNames: [String]
    public init(_ name: String, signature: DBusSignature = .empty, argNames: [String] = []) {
        self.name = name
        self.signature = signature
        self.argNames = argNames
    }
}

/// An incoming method call as a handler sees it.
public struct DBusMethodCall: Sendable {
    /// The caller's unique bus name (nil on a peer-to-peer connection).
    public let sender: String?
    public let path: DBusObjectPath
    public let interface: String
    public let member: String
    /// The decoded arguments; they match the method's `inSignature`.
    public let arguments: [DBusValue]
    /// True when the caller asked for no reply (the reply is then dropped).
    public let noReplyExpected: Bool
}
