internal import CDBus

/// Owns one reference to a libdbus `DBusMessage`; the only holder of message pointers in this layer.
final class Message: @unchecked Sendable {
    // Safe to share: a libdbus message is not mutated after it has been built and sent, and libdbus reference
    // counting is atomic (dbus_threads_init_default is called before any connection exists).
    let raw: OpaquePointer

    /// Takes over a reference the caller owns (e.g. from `dbus_message_new_*`).
    init(owning raw: OpaquePointer) { self.raw = raw }
    /// Adds a reference to a message libdbus lends us (e.g. in a filter callback).
    init(borrowing raw: OpaquePointer) { self.raw = dbus_message_ref(raw) }
    deinit { dbus_message_unref(raw) }

    var type: Int32 { dbus_message_get_type(raw) }
    var isMethodCall: Bool { type == DBUS_MESSAGE_TYPE_METHOD_CALL }
    var isSignal: Bool { type == DBUS_MESSAGE_TYPE_SIGNAL }
    var isError: Bool { type == DBUS_MESSAGE_TYPE_ERROR }
    var noReply: Bool { dbus_message_get_no_reply(raw) != 0 }

    var path: String? { dbus_message_get_path(raw).map { String(cString: $0) } }
    var interface: String? { dbus_message_get_interface(raw).map { String(cString: $0) } }
    var member: String? { dbus_message_get_member(raw).map { String(cString: $0) } }
    var sender: String? { dbus_message_get_sender(raw).map { String(cString: $0) } }
    var destination: String? { dbus_message_get_destination(raw).map { String(cString: $0) } }
    var errorName: String? { dbus_message_get_error_name(raw).map { String(cString: $0) } }
    var signatureText: String { dbus_message_get_signature(raw).map { String(cString: $0) } ?? "" }

    /// Compares the body signature without making a Swift string (hot path of every incoming call).
    func hasSignature(_ s: DBusSignature) -> Bool {
        s.rawValue.withCString { dbus_message_has_signature(raw, $0) != 0 }
    }

    /// Decodes the whole body.
    func arguments() throws(DBusError) -> [DBusValue] {
        var it = DBusMessageIter()
        guard dbus_message_iter_init(raw, &it) != 0 else { return [] }
        return try MessageReader.readAll(&it)
    }

    /// Appends values after checking them (libdbus aborts the process on inconsistent input).
    func append(_ values: [DBusValue]) throws(DBusError) {
        for v in values { try v.validate() }
        var it = DBusMessageIter()
        dbus_message_iter_init_append(raw, &it)
        for v in values { try MessageWriter.append(v, to: &it) }
    }

    /// The error carried by an error reply.
    func asError() -> DBusError {
        let name = errorName ?? DBusError.Name.failed
        var text = ""
        var it = DBusMessageIter()
        if dbus_message_iter_init(raw, &it) != 0, dbus_message_iter_get_arg_type(&it) == Int32(UInt8(ascii: "s")) {
            var p: UnsafePointer<CChar>? = nil
            dbus_message_iter_get_basic(&it, &p)
            if let p { text = String(cString: p) }
        }
        return DBusError(name: name, message: text)
    }

    // MARK: building

    static func methodCall(
        destination: String?, path: String, interface: String?, member: String,
        arguments: [DBusValue]
    ) throws(DBusError) -> Message {
        if let destination { try DBusNames.validateBusName(destination) }
        try DBusNames.validateObjectPath(path)
        if let interface { try DBusNames.validateInterface(interface) }
        try DBusNames.validateMember(member)
        let raw = path.withCString { p in
            member.withCString { m in
                withOptionalCString(destination) { d in
                    withOptionalCString(interface) { i in dbus_message_new_method_call(d, p, i, m) }
                }
            }
        }
        guard let raw else { throw DBusError(name: DBusError.Name.noMemory, message: "dbus_message_new_method_call") }
        let msg = Message(owning: raw)
        try msg.append(arguments)
        return msg
    }

    static func signal(
        path: String, interface: String, member: String,
        arguments: [DBusValue]
    ) throws(DBusError) -> Message {
        try DBusNames.validateObjectPath(path)
        try DBusNames.validateInterface(interface)
        try DBusNames.validateMember(member)
        let raw = path.withCString { p in
            interface.withCString { i in member.withCString { m in dbus_message_new_signal(p, i, m) } }
        }
        guard let raw else { throw DBusError(name: DBusError.Name.noMemory, message: "dbus_message_new_signal") }
        let msg = Message(owning: raw)
        try msg.append(arguments)
        return msg
    }

    /// A method return for this call (nil only when out of memory).
    func methodReturn() -> Message? {
        dbus_message_new_method_return(raw).map { Message(owning: $0) }
    }

    /// An error reply for this call; an invalid error name degrades to `Failed`, never to an abort.
    func errorReply(_ error: DBusError) -> Message? {
        let name = DBusNames.isValidErrorName(error.name) ? error.name : DBusError.Name.failed
        let text =
            error.message.utf8.contains(0) ? String(error.message.split(separator: "\0").joined()) : error.message
        return name.withCString { n in text.withCString { t in dbus_message_new_error(raw, n, t) } }
            .map { Message(owning: $0) }
    }
}

func withOptionalCString<R>(_ s: String?, _ body: (UnsafePointer<CChar>?) -> R) -> R {
    guard let s else { return body(nil) }
    return s.withCString { body($0) }
}
