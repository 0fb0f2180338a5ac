internal import CDBus

/// Routes an incoming method call to an exported object and always answers it (unless the caller asked for no
/// reply): a handler's result, or a standard error naming what was wrong.
enum ObjectDispatcher {
    static let introspectable = "org.freedesktop.DBus.Introspectable"
    static let properties = "org.freedesktop.DBus.Properties"
    static let peer = "org.freedesktop.DBus.Peer"

    static func handleCall(_ call: Message, core: ConnectionCore) {
        if let observe = core.state.withLock({ $0.methodCallObserver }), let member = call.member {
            observe(call.interface, member)
        }
        let reply: Message?
        do {
            reply = try route(call, core: core)
        } catch {
            reply = call.errorReply(error)
        }
        guard let reply, !call.noReply else { return }
        try? core.send(reply)  // only fails when closed or out of memory: nobody left to answer
    }

    /// Returns the reply to send, nil when the reply is deferred or already handled, or throws the error reply.
    private static func route(_ call: Message, core: ConnectionCore) throws(DBusError) -> Message? {
        guard let path = call.path, let member = call.member else {
            throw .invalidArgs("method call without path or member")
        }
        let interface = call.interface
        let object = core.state.withLock { $0.objects[path] }

        if interface == introspectable || (interface == nil && member == "Introspect" && object == nil) {
            guard member == "Introspect" else { throw unknownMethod(member, interface, path) }
            // Child nodes are computed only here: the cost of introspection stays off every other call.
            let children = core.state.withLock { $0.objects.childNodes(of: path) }
            guard object != nil || !children.isEmpty else { throw unknownObject(path) }
            try expect(call, "", member)
            let xml = Introspection.document(body: object?.introspectionBody, children: children)
            return try reply(to: call, [.string(xml)])
        }
        if interface == peer {
            // libdbus answers Peer itself before filters; this covers a message that slipped past.
            switch member {
            case "Ping": try expect(call, "", member); return try reply(to: call, [])
            case "GetMachineId":
                try expect(call, "", member)
                let id = dbus_get_local_machine_id().map { p -> String in
                    defer { dbus_free(p) }; return String(cString: p)
                }
                return try reply(to: call, [.string(id ?? "")])
            default: throw unknownMethod(member, interface, path)
            }
        }
        guard let object else { throw unknownObject(path) }
        if interface == properties {
            return try PropertiesHandler.handle(call, member: member, object: object, path: path)
        }
        let target: ExportedInterface
        let method: DBusMethod
        if let interface {
            guard let iface = object.interfaces[interface] else {
                throw DBusError(
                    name: DBusError.Name.unknownInterface,
                    message: "Object '\(path)' has no interface '\(interface)'")
            }
            guard let m = iface.methods[member] else { throw unknownMethod(member, interface, path) }
            target = iface
            method = m
        } else {
            // No interface in the header: the first interface declaring the member wins, as the spec allows.
            guard
                let found = object.order.lazy.compactMap({ object.interfaces[$0] })
                    .first(where: { $0.methods[member] != nil })
            else { throw unknownMethod(member, nil, path) }
            target = found
            method = found.methods[member]!
        }
        try expect(call, method.inSignature, "\(target.declaration.name).\(member)")
        let invocation = DBusMethodCall(
            sender: call.sender, path: DBusObjectPath(unchecked: path),
            interface: target.declaration.name, member: member,
            arguments: try call.arguments(), noReplyExpected: call.noReply)
        switch method.handler {
        case .immediate(let body):
            let out: [DBusValue]
            do {
                out = try body(invocation)
            } catch let error as DBusError {
                throw error
            } catch {
                throw .failed("\(target.declaration.name).\(member) failed: \(error)")
            }
            guard DBusValue.signature(of: out) == method.outSignature else {
                throw .failed(
                    "\(target.declaration.name).\(member) produced '\(DBusValue.signature(of: out))'"
                        + " instead of its declared '\(method.outSignature)'")
            }
            return try reply(to: call, out)
        case .deferred(let body):
            body(
                invocation,
                DBusReply(
                    call: call, core: core, outSignature: method.outSignature,
                    context: "\(target.declaration.name).\(member)"))
            return nil
        }
    }

    static func reply(to call: Message, _ values: [DBusValue]) throws(DBusError) -> Message {
        guard let reply = call.methodReturn() else {
            throw DBusError(name: DBusError.Name.noMemory, message: "dbus_message_new_method_return")
        }
        try reply.append(values)
        return reply
    }

    static func expect(_ call: Message, _ signature: DBusSignature, _ what: String) throws(DBusError) {
        guard call.hasSignature(signature) else {
            throw .invalidArgs("\(what) expects arguments of signature '\(signature)', got '\(call.signatureText)'")
        }
    }

    static func unknownObject(_ path: String) -> DBusError {
        DBusError(name: DBusError.Name.unknownObject, message: "No object at path '\(path)'")
    }

    static func unknownMethod(_ member: String, _ interface: String?, _ path: String) -> DBusError {
        DBusError(
            name: DBusError.Name.unknownMethod,
            message: "No method '\(member)' in interface '\(interface ?? "(none)")' at object '\(path)'")
    }
}
