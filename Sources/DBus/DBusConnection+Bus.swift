internal import CDBus
import Glibc

/// Bus-level operations: names, listing, signal subscriptions.
extension DBusConnection {
    /// Requests a well-known name without queueing. If another process owns it: with `fallbackToInstance`
    /// takes `NAME.instance<PID>` (as MPRIS allows), otherwise throws `org.linnet.DBus.Error.NameTaken` naming
    /// the owner. Returns the name acquired. A later `NameLost` calls `onNameLost`.
    @discardableResult
    public func requestName(_ name: String, fallbackToInstance: Bool = false) throws(DBusError) -> String {
        try DBusNames.validateBusName(name)
        guard !name.hasPrefix(":") else { throw .invalidArgs("cannot request the unique name '\(name)'") }
        if try request(name) { return name }
        let owner = (try? nameOwner(name)) ?? "another connection"
        guard fallbackToInstance else {
            throw DBusError(name: DBusError.Name.nameTaken, message: "The name '\(name)' is already owned by \(owner)")
        }
        let instance = "\(name).instance\(getpid())"
        if try request(instance) { return instance }
        throw DBusError(
            name: DBusError.Name.nameTaken,
            message: "Both '\(name)' (owned by \(owner)) and '\(instance)' are taken")
    }

    private func request(_ name: String) throws(DBusError) -> Bool {
        // Recorded before the call so a NameLost racing the reply is still attributed to us.
        core.state.withLock { _ = $0.ownedNames.insert(name) }
        let out: [DBusValue]
        do {
            out = try callBus("RequestName", [.string(name), .uint32(UInt32(DBUS_NAME_FLAG_DO_NOT_QUEUE))])
        } catch {
            core.state.withLock { _ = $0.ownedNames.remove(name) }
            throw error
        }
        guard case .uint32(let result)? = out.first else { throw .invalidArgs("RequestName returned no uint32") }
        let owned = result == DBUS_REQUEST_NAME_REPLY_PRIMARY_OWNER || result == DBUS_REQUEST_NAME_REPLY_ALREADY_OWNER
        if !owned { core.state.withLock { _ = $0.ownedNames.remove(name) } }
        return owned
    }

    /// Releases a well-known name we own.
    public func releaseName(_ name: String) throws(DBusError) {
        try DBusNames.validateBusName(name)
        core.state.withLock { _ = $0.ownedNames.remove(name) }
        _ = try callBus("ReleaseName", [.string(name)])
    }

    /// The well-known names this connection currently owns.
    public var ownedNames: Set<String> { core.state.withLock { $0.ownedNames } }

    /// All names on the bus (`ListNames`), unique and well-known.
    public func listNames() throws(DBusError) -> [String] {
        try stringArray(try callBus("ListNames", []), "ListNames")
    }

    /// Names the bus could start (`ListActivatableNames`).
    public func listActivatableNames() throws(DBusError) -> [String] {
        try stringArray(try callBus("ListActivatableNames", []), "ListActivatableNames")
    }

    /// The unique name owning `name` (`GetNameOwner`); throws `NameHasNoOwner` when nobody does.
    public func nameOwner(_ name: String) throws(DBusError) -> String {
        try DBusNames.validateBusName(name)
        guard case .string(let owner)? = try callBus("GetNameOwner", [.string(name)]).first else {
            throw .invalidArgs("GetNameOwner returned no string")
        }
        return owner
    }

    /// The bus's own identifier (`GetId`).
    public func busId() throws(DBusError) -> String {
        guard case .string(let id)? = try callBus("GetId", []).first else {
            throw .invalidArgs("GetId returned no string")
        }
        return id
    }

    /// Subscribes to signals: registers the rule with the bus (blocking until the bus confirmed, so a signal sent
    /// right after this returns is received) and calls `handler` on the queue for every matching signal. A
    /// well-known `sender` is followed across owner changes.
    public func subscribe(
        _ rule: DBusMatchRule,
        handler: @escaping @Sendable (DBusSignal) -> Void
    ) throws(DBusError) -> DBusSubscription {
        try rule.validate()
        var ownerWatch: UInt64?
        var owner: String?
        if rule.hasWellKnownSender, let name = rule.sender {
            // Watch first, then ask: an owner change in between is seen by the watch.
            let core = self.core
            let watch = try subscribe(
                DBusMatchRule(
                    sender: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                    interface: "org.freedesktop.DBus", member: "NameOwnerChanged",
                    arg0: name)
            ) { signal in
                guard signal.arguments.count == 3, case .string(let newOwner) = signal.arguments[2] else { return }
                core.state.withLock { s in
                    for (token, var sub) in s.subscriptions where sub.rule.sender == name && sub.ownerWatch != nil {
                        sub.senderOwner = newOwner.isEmpty ? nil : newOwner
                        s.subscriptions[token] = sub
                    }
                }
            }
            ownerWatch = watch.token
            owner = try? nameOwner(name)
        }
        do {
            _ = try callBus("AddMatch", [.string(rule.ruleString)])
        } catch {
            if let ownerWatch { unsubscribe(DBusSubscription(token: ownerWatch, rule: rule)) }
            throw error
        }
        let token = try core.state.withLock { (s) throws(DBusError) -> UInt64 in
            guard !s.closed else { throw DBusError.disconnected }
            defer { s.nextToken += 1 }
            s.subscriptions[s.nextToken] = SignalSubscription(
                rule: rule, handler: handler, senderOwner: owner,
                ownerWatch: ownerWatch)
            return s.nextToken
        }
        return DBusSubscription(token: token, rule: rule)
    }

    /// Ends a subscription and removes its rule from the bus.
    public func unsubscribe(_ subscription: DBusSubscription) {
        let removed = core.state.withLock { $0.subscriptions.removeValue(forKey: subscription.token) }
        guard let removed, !core.isClosed else { return }
        if let watch = removed.ownerWatch {
            let watchRule = core.state.withLock { $0.subscriptions[watch]?.rule }
            if let watchRule { unsubscribe(DBusSubscription(token: watch, rule: watchRule)) }
        }
        // No reply awaited: nothing useful can be done if the bus forgot the rule already.
        if let message = try? Message.methodCall(
            destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
            interface: "org.freedesktop.DBus", member: "RemoveMatch",
            arguments: [.string(removed.rule.ruleString)])
        {
            dbus_message_set_no_reply(message.raw, 1)
            try? core.send(message)
        }
    }

    private func callBus(_ method: String, _ arguments: [DBusValue]) throws(DBusError) -> [DBusValue] {
        try call(
            destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
            method: method, arguments: arguments)
    }

    private func stringArray(_ out: [DBusValue], _ what: String) throws(DBusError) -> [String] {
        guard let names = out.first?.as([String].self) else { throw .invalidArgs("\(what) returned no string array") }
        return names
    }
}

extension ConnectionCore {
    /// Hands a signal to every matching subscription (handlers run outside the lock).
    func dispatchToSubscriptions(_ message: Message) {
        let subscriptions = state.withLock { Array($0.subscriptions.values) }
        guard !subscriptions.isEmpty, let path = message.path, let interface = message.interface,
            let member = message.member, let arguments = try? message.arguments()
        else { return }
        let signal = DBusSignal(
            sender: message.sender, path: DBusObjectPath(unchecked: path), interface: interface,
            member: member, arguments: arguments)
        for subscription in subscriptions where subscription.rule.matches(signal, senderOwner: subscription.senderOwner)
        {
            subscription.handler(signal)
        }
    }
}
