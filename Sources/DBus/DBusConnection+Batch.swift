/// Coalescing property changes: one PropertiesChanged per object and interface per turn of the queue.
extension DBusConnection {
    /// Marks properties as changed. Everything marked during the current turn of the connection's queue is sent
    /// right after that turn as ONE `PropertiesChanged` per (path, interface), with values read through the
    /// getters at that moment (so several state updates in one event produce one signal with final values).
    /// A getter that throws at that moment sends its property as invalidated instead (clients re-read it and
    /// get the error). Names are checked now. In blocking mode the signal is sent at once.
    public func markPropertiesChanged(path: String, interface: String, names: [String]) throws(DBusError) {
        let declared = core.state.withLock { $0.objects[path]?.interfaces[interface] }
        guard let declared else {
            throw .invalidArgs("markPropertiesChanged: '\(interface)' is not exported at '\(path)'")
        }
        for name in names where declared.properties[name] == nil {
            throw .invalidArgs("markPropertiesChanged: '\(interface)' has no property '\(name)'")
        }
        guard let loop = core.loop else {
            DBusConnection.send(core: core, path: path, interface: interface, names: names, declared: declared)
            return
        }
        let key = path + "\0" + interface
        let needsFlush = core.state.withLock { s -> Bool in
            let wasEmpty = s.pendingOrder.isEmpty
            if var entry = s.pendingChanges[key] {
                for n in names where !entry.names.contains(n) { entry.names.append(n) }
                s.pendingChanges[key] = entry
            } else {
                s.pendingChanges[key] = (path, interface, names)
                s.pendingOrder.append(key)
            }
            return wasEmpty
        }
        if needsFlush {
            loop.queue.async { [core] in
                let batch = core.state.withLock { s -> [(path: String, interface: String, names: [String])] in
                    defer { s.pendingChanges = [:]; s.pendingOrder = [] }
                    return s.pendingOrder.compactMap { s.pendingChanges[$0] }
                }
                for entry in batch {
                    guard let declared = core.state.withLock({ $0.objects[entry.path]?.interfaces[entry.interface] })
                    else { continue }  // unexported meanwhile: nothing left to announce
                    DBusConnection.send(
                        core: core, path: entry.path, interface: entry.interface, names: entry.names,
                        declared: declared)
                }
            }
        }
    }

    private static func send(
        core: ConnectionCore, path: String, interface: String, names: [String],
        declared: ExportedInterface
    ) {
        var entries: [DBusDictEntry] = []
        var invalidated: [String] = []
        for name in names {
            guard let property = declared.properties[name] else { continue }
            switch property.emitsChange {
            case .constant, .none:
                continue
            case .invalidates:
                invalidated.append(name)
            case .emitsValue:
                if let value = try? PropertiesHandler.read(property, interface) {
                    entries.append(DBusDictEntry(.string(name), .variant(value)))
                } else {
                    invalidated.append(name)
                }
            }
        }
        guard !entries.isEmpty || !invalidated.isEmpty else { return }
        func signal(_ entries: [DBusDictEntry], _ invalidated: [String]) -> Message? {
            try? Message.signal(
                path: path, interface: ObjectDispatcher.properties, member: "PropertiesChanged",
                arguments: [
                    .string(interface), .dictionary(key: .string, value: .variant, entries),
                    .array(element: .string, invalidated.map { .string($0) })
                ])
        }
        // A value that cannot be sent (e.g. a string with NUL) degrades to invalidating every name.
        let all = invalidated + entries.compactMap { $0.key.stringValue }
        guard let message = signal(entries, invalidated) ?? signal([], all) else { return }
        // Fails only once the connection is closed: nobody is left to tell.
        try? core.send(message)
    }
}
