/// A signal match rule: what the bus should route to us and which subscription a signal belongs to.
public struct DBusMatchRule: Sendable, Hashable {
    /// Sender bus name. Signals carry the unique name of their sender, so for a well-known name the connection
    /// tracks its current owner (GetNameOwner, then NameOwnerChanged) and routes by that.
    public var sender: String?
    public var path: String?
    /// Matches `path` and every path below it.
    public var pathNamespace: String?
    public var interface: String?
    public var member: String?
    /// The first argument, when it is a string (e.g. the interface name of PropertiesChanged).
    public var arg0: String?

    public init(
        sender: String? = nil, path: String? = nil, pathNamespace: String? = nil, interface: String? = nil,
        member: String? = nil, arg0: String? = nil
    ) {
        self.sender = sender
        self.path = path
        self.pathNamespace = pathNamespace
        self.interface = interface
        self.member = member
        self.arg0 = arg0
    }

    /// Checks every field (names must be valid so the bus accepts the rule).
    public func validate() throws(DBusError) {
        if let sender { try DBusNames.validateBusName(sender) }
        if let path { try DBusNames.validateObjectPath(path) }
        if let pathNamespace { try DBusNames.validateObjectPath(pathNamespace, "path namespace") }
        if let interface { try DBusNames.validateInterface(interface) }
        if let member { try DBusNames.validateMember(member) }
        if let arg0, !DBusNames.isValidString(arg0) { throw .invalidArgs("arg0 contains a NUL character") }
    }

    /// The textual rule the bus understands: `type='signal',interface='…',…`.
    public var ruleString: String {
        var parts = ["type='signal'"]
        func add(_ key: String, _ value: String?) {
            guard let value else { return }
            parts.append("\(key)='\(value.replacingAll("'", with: "'\\''"))'")
        }
        add("sender", sender)
        add("path", path)
        add("path_namespace", pathNamespace)
        add("interface", interface)
        add("member", member)
        add("arg0", arg0)
        return parts.joined(separator: ",")
    }

    /// True when the sender is a well-known name other than the bus's own (its owner must be tracked).
    var hasWellKnownSender: Bool {
        guard let sender else { return false }
        return !sender.hasPrefix(":") && sender != "org.freedesktop.DBus"
    }

    /// True when a received signal fits the rule (local routing between subscriptions). A well-known `sender`
    /// matches the unique name `senderOwner` (nil: nobody owns it now, so nothing matches).
    public func matches(_ signal: DBusSignal, senderOwner: String? = nil) -> Bool {
        if let sender {
            let expected = hasWellKnownSender ? senderOwner : sender
            guard let expected, signal.sender == expected else { return false }
        }
        if let path, signal.path.rawValue != path { return false }
        if let ns = pathNamespace {
            let p = signal.path.rawValue
            if !(ns == "/" || p == ns || p.hasPrefix(ns + "/")) { return false }
        }
        if let interface, signal.interface != interface { return false }
        if let member, signal.member != member { return false }
        if let arg0 {
            guard case .string(let first)? = signal.arguments.first, first == arg0 else { return false }
        }
        return true
    }
}

/// A signal received through a subscription.
public struct DBusSignal: Sendable {
    /// The sender's unique name (`:1.42`).
    public let sender: String?
    public let path: DBusObjectPath
    public let interface: String
    public let member: String
    public let arguments: [DBusValue]

    public init(sender: String?, path: DBusObjectPath, interface: String, member: String, arguments: [DBusValue]) {
        self.sender = sender
        self.path = path
        self.interface = interface
        self.member = member
        self.arguments = arguments
    }
}

/// A live signal subscription; pass it to `DBusConnection.unsubscribe`.
public struct DBusSubscription: Sendable, Hashable {
    let token: UInt64
    /// The rule it was registered with.
    public let rule: DBusMatchRule
}

/// Stored subscription: the rule, its handler, and for a well-known sender its current owner plus the token of
/// the internal NameOwnerChanged subscription that keeps it current.
struct SignalSubscription: Sendable {
    let rule: DBusMatchRule
    let handler: @Sendable (DBusSignal) -> Void
    var senderOwner: String?
    var ownerWatch: UInt64?
}

extension String {
    func replacingAll(_ target: Character, with replacement: String) -> String {
        var out = ""
        for ch in self { if ch == target { out += replacement } else { out.append(ch) } }
        return out
    }
}
