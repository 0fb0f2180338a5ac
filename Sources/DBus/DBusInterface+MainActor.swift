import Dispatch

// Interfaces exported by the daemon are confined to the main actor: their connection runs on the main queue,
// so every handler the connection calls is already on it. These constructors are where that is asserted, once
// per call (`MainActor.assumeIsolated` traps off the main queue), and where the compiler starts checking it.

extension DBusMethod {
    /// A method answered synchronously on the main actor (the connection's queue must be the main queue).
    public static func onMainActor(
        _ name: String, in inSignature: DBusSignature = .empty, out outSignature: DBusSignature = .empty,
        inNames: [String] = [], outNames: [String] = [],
        handler: @escaping @MainActor @Sendable (DBusMethodCall) throws -> [DBusValue]
    ) -> DBusMethod {
        DBusMethod(
            name, in: inSignature, out: outSignature, inNames: inNames, outNames: outNames,
            handler: .immediate({ call in try MainActor.assumeIsolated { try handler(call) } }))
    }

    /// A method answered later through its `DBusReply`, entered on the main actor.
    public static func onMainActor(
        _ name: String, in inSignature: DBusSignature = .empty, out outSignature: DBusSignature = .empty,
        inNames: [String] = [], outNames: [String] = [],
        deferred handler: @escaping @MainActor @Sendable (DBusMethodCall, DBusReply) -> Void
    ) -> DBusMethod {
        DBusMethod(
            name, in: inSignature, out: outSignature, inNames: inNames, outNames: outNames,
            handler: .deferred({ call, reply in MainActor.assumeIsolated { handler(call, reply) } }))
    }
}

extension DBusProperty {
    /// A property read (and written) on the main actor (the connection's queue must be the main queue).
    public static func onMainActor(
        _ name: String, signature: DBusSignature, access: Access = .read,
        emitsChange: ChangeEmission = .emitsValue,
        get: @escaping @MainActor @Sendable () throws -> DBusValue,
        set: (@MainActor @Sendable (DBusValue) throws -> Void)? = nil
    ) -> DBusProperty {
        var setter: (@Sendable (DBusValue) throws -> Void)?
        if let set {
            setter = { value in try MainActor.assumeIsolated { try set(value) } }
        }
        return DBusProperty(
            name, signature: signature, access: access, emitsChange: emitsChange,
            get: { try MainActor.assumeIsolated { try get() } }, set: setter)
    }
}

extension DBusConnection {
    /// True when the connection runs on the main queue, the queue `onMainActor` handlers need. By label:
    /// `DispatchQueue.main` is a new wrapper object on every read on Linux, so identity says nothing.
    public var runsOnMainQueue: Bool { queue?.label == DispatchQueue.main.label }
}
