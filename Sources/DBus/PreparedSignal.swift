internal import CDBus

/// A signal whose path, interface and member were checked once (`DBusConnection.prepareSignal`), for senders on
/// a hot path such as the level meters (20 a second): `DBusConnection.emit` then appends the body straight to
/// the libdbus message instead of building and validating a `DBusValue` tree for every signal.
public struct PreparedSignal: Sendable {
    let path: String
    let interface: String
    let member: String
}

/// The body of a prepared signal while it is built, in argument order. Only valid inside the `emit` closure.
public struct SignalBody: ~Copyable {
    // Points at the message's append iterator, which lives for the duration of the `emit` call.
    fileprivate let iter: UnsafeMutablePointer<DBusMessageIter>

    fileprivate init(_ iter: UnsafeMutablePointer<DBusMessageIter>) { self.iter = iter }

    /// Appends a string (`s`); one containing NUL is refused (libdbus would abort on it).
    public func append(_ string: String) throws(DBusError) {
        guard !string.utf8.contains(0) else { throw .invalidArgs("string argument contains NUL") }
        let ok = string.withCString { cs in
            var p: UnsafePointer<CChar>? = cs
            return withUnsafePointer(to: &p) { dbus_message_iter_append_basic(iter, Self.code("s"), $0) }
        }
        guard ok != 0 else { throw DBusError(name: DBusError.Name.noMemory, message: "appending a string") }
    }

    /// Appends an array of doubles (`ad`) in one copy.
    public func append(_ doubles: [Double]) throws(DBusError) {
        var sub = DBusMessageIter()
        guard dbus_message_iter_open_container(iter, Self.code("a"), "d", &sub) != 0 else {
            throw DBusError(name: DBusError.Name.noMemory, message: "opening an array")
        }
        let ok = doubles.withUnsafeBufferPointer { buffer in
            var p: UnsafePointer<Double>? = buffer.baseAddress
            return withUnsafePointer(to: &p) {
                dbus_message_iter_append_fixed_array(&sub, Self.code("d"), $0, Int32(clamping: buffer.count))
            }
        }
        guard ok != 0 else {
            dbus_message_iter_abandon_container(iter, &sub)
            throw DBusError(name: DBusError.Name.noMemory, message: "appending an array of doubles")
        }
        guard dbus_message_iter_close_container(iter, &sub) != 0 else {
            throw DBusError(name: DBusError.Name.noMemory, message: "closing an array")
        }
    }

    private static func code(_ c: Unicode.Scalar) -> Int32 { Int32(UInt8(ascii: c)) }
}

extension DBusConnection {
    /// Checks a signal's path, interface and member once, for `emit`. Any thread.
    public func prepareSignal(path: String, interface: String, name: String) throws(DBusError) -> PreparedSignal {
        try DBusNames.validateObjectPath(path)
        try DBusNames.validateInterface(interface)
        try DBusNames.validateMember(name)
        return PreparedSignal(path: path, interface: interface, member: name)
    }

    /// Emits `signal` with the body `build` appends. Any thread.
    public func emit(_ signal: PreparedSignal, build: (borrowing SignalBody) throws(DBusError) -> Void)
        throws(DBusError)
    {
        let raw = signal.path.withCString { p in
            signal.interface.withCString { i in signal.member.withCString { m in dbus_message_new_signal(p, i, m) } }
        }
        guard let raw else { throw DBusError(name: DBusError.Name.noMemory, message: "dbus_message_new_signal") }
        let message = Message(owning: raw)
        var iter = DBusMessageIter()
        dbus_message_iter_init_append(message.raw, &iter)
        try withUnsafeMutablePointer(to: &iter) { (p) throws(DBusError) in try build(SignalBody(p)) }
        try core.send(message)
    }
}
