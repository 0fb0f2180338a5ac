import DBus

/// One interface's properties, declared once: each name with its type and how its value reads from the
/// interface's snapshot. The exported getters (Get, GetAll) and the change detection (PropertiesChanged) both
/// come from this table, so they cannot disagree and a new property cannot be announced but not readable.
struct SnapshotProperties<Snapshot: Sendable>: Sendable {
    /// One property: its name, its type and its value in a snapshot.
    struct Property: Sendable {
        let name: String
        let signature: DBusSignature
        let value: @Sendable (Snapshot) -> DBusValue

        init(_ name: String, _ signature: DBusSignature, value: @escaping @Sendable (Snapshot) -> DBusValue) {
            self.name = name
            self.signature = signature
            self.value = value
        }
    }

    /// How a write to a read/write property is applied (the value already has the property's type).
    typealias Setter = @MainActor @Sendable (DBusValue) throws -> Void

    let properties: [Property]

    init(_ properties: [Property]) { self.properties = properties }

    /// The properties for `DBusInterface`, reading the snapshot the bus last heard of through `current`; those
    /// with a setter in `setters` (by name) are read/write.
    @MainActor
    func declarations(
        current: @escaping @MainActor @Sendable () -> Snapshot, setters: [String: Setter] = [:]
    ) -> [DBusProperty] {
        assert(setters.keys.allSatisfy { name in properties.contains { $0.name == name } }, "setter without property")
        return properties.map { p in
            let value = p.value
            let set = setters[p.name]
            return DBusProperty.onMainActor(
                p.name, signature: p.signature, access: set == nil ? .read : .readwrite,
                get: { value(current()) }, set: set)
        }
    }

    /// The properties whose value differs from `old` to `new`, with their new values (pure).
    func changes(from old: Snapshot, to new: Snapshot) -> [String: DBusValue] {
        var changed: [String: DBusValue] = [:]
        for p in properties {
            let value = p.value(new)
            if value != p.value(old) { changed[p.name] = value }
        }
        return changed
    }
}

extension DBusConnection {
    /// Sends one PropertiesChanged for `interface` on the MPRIS object when `changed` is not empty; a failure is
    /// logged (`what` names the interface in the log line), never thrown: the state is kept either way.
    func announce(
        _ changed: [String: DBusValue], interface: String, what: String, log: (String) -> Void
    ) {
        guard !changed.isEmpty else { return }
        do {
            try emitPropertiesChanged(path: MPRISNames.objectPath, interface: interface, changed: changed)
        } catch {
            log("\(what): could not emit: \(error)")
        }
    }
}
