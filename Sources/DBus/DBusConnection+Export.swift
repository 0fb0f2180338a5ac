internal import CDBus

/// Exporting objects and emitting their signals.
extension DBusConnection {
    /// Exports `interfaces` at `path`, adding to (or replacing same-named) interfaces already there.
    /// Introspection, Properties and argument checks follow from the declarations. Any thread.
    public func export(path: String, interfaces: [DBusInterface]) throws(DBusError) {
        try DBusNames.validateObjectPath(path)
        for iface in interfaces {
            try iface.validate()
            if [ObjectDispatcher.properties, ObjectDispatcher.introspectable, ObjectDispatcher.peer].contains(
                iface.name)
            {
                throw .invalidArgs("\(iface.name) is provided by the D-Bus layer itself")
            }
        }
        try core.state.withLock { (s) throws(DBusError) in
            guard !s.closed else { throw DBusError.disconnected }
            var object = s.objects[path] ?? ExportedObject()
            for iface in interfaces { object.set(iface) }
            s.objects[path] = object
        }
    }

    /// Removes one interface from `path`, or the whole object when `interface` is nil.
    public func unexport(path: String, interface: String? = nil) {
        core.state.withLock { s in
            guard let interface else { s.objects[path] = nil; return }
            guard var object = s.objects[path] else { return }
            object.remove(interface)
            s.objects[path] = object.interfaces.isEmpty ? nil : object
        }
    }

    /// Emits a signal from `path`. Any thread.
    public func emitSignal(
        path: String, interface: String, name: String, arguments: [DBusValue] = [],
        destination: String? = nil
    ) throws(DBusError) {
        let message = try Message.signal(path: path, interface: interface, member: name, arguments: arguments)
        if let destination {
            try DBusNames.validateBusName(destination)
            _ = destination.withCString { dbus_message_set_destination(message.raw, $0) }
        }
        try core.send(message)
    }

    /// Emits ONE `org.freedesktop.DBus.Properties.PropertiesChanged` for several properties of an exported
    /// interface, honouring each property's declared mode: `.emitsValue` properties are sent with their value,
    /// `.invalidates` ones by name only, `.constant`/`.none` ones are left out. Values are checked against the
    /// declared types. Nothing is sent when nothing remains. Any thread.
    public func emitPropertiesChanged(
        path: String, interface: String, changed: [String: DBusValue],
        invalidated: [String] = []
    ) throws(DBusError) {
        let declared = core.state.withLock { $0.objects[path]?.interfaces[interface] }
        guard let declared else {
            throw .invalidArgs("emitPropertiesChanged: '\(interface)' is not exported at '\(path)'")
        }
        var entries: [DBusDictEntry] = []
        var names: [String] = []
        for (name, value) in changed.sorted(by: { $0.key < $1.key }) {
            guard let property = declared.properties[name] else {
                throw .invalidArgs("emitPropertiesChanged: '\(interface)' has no property '\(name)'")
            }
            guard value.signatureText == property.signature.rawValue else {
                throw .invalidArgs(
                    "emitPropertiesChanged: '\(interface).\(name)' has type '\(property.signature)',"
                        + " got '\(value.signatureText)'")
            }
            switch property.emitsChange {
            case .emitsValue: entries.append(DBusDictEntry(.string(name), .variant(value)))
            case .invalidates: names.append(name)
            case .constant, .none: break
            }
        }
        for name in invalidated {
            guard let property = declared.properties[name] else {
                throw .invalidArgs("emitPropertiesChanged: '\(interface)' has no property '\(name)'")
            }
            if property.emitsChange != .constant && property.emitsChange != .none && !names.contains(name) {
                names.append(name)
            }
        }
        guard !entries.isEmpty || !names.isEmpty else { return }
        try emitSignal(
            path: path, interface: ObjectDispatcher.properties, name: "PropertiesChanged",
            arguments: [
                .string(interface),
                .dictionary(key: .string, value: .variant, entries),
                .array(element: .string, names.map { .string($0) })
            ])
    }

    /// Emits PropertiesChanged for `names`, reading their current values through the declared getters.
    /// Call it on the connection's queue when getters are queue-confined.
    public func emitPropertiesChanged(path: String, interface: String, names: [String]) throws(DBusError) {
        let declared = core.state.withLock { $0.objects[path]?.interfaces[interface] }
        guard let declared else {
            throw .invalidArgs("emitPropertiesChanged: '\(interface)' is not exported at '\(path)'")
        }
        var changed: [String: DBusValue] = [:]
        var invalidated: [String] = []
        for name in names {
            guard let property = declared.properties[name] else {
                throw .invalidArgs("emitPropertiesChanged: '\(interface)' has no property '\(name)'")
            }
            if property.emitsChange == .emitsValue {
                changed[name] = try PropertiesHandler.read(property, interface)
            } else {
                invalidated.append(name)
            }
        }
        try emitPropertiesChanged(path: path, interface: interface, changed: changed, invalidated: invalidated)
    }
}
