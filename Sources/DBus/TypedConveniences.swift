/// Typed shortcuts over the value-level API, for properties and calls whose types are known in Swift.
extension DBusProperty {
    /// A property whose D-Bus type follows from a Swift type: `DBusProperty.typed("Volume", access: .readwrite,
    /// get: { volume }, set: { volume = $0 })` declares a `d` property.
    public static func typed<T: DBusRepresentable>(
        _ name: String, access: Access = .read, emitsChange: ChangeEmission = .emitsValue,
        get: @escaping @Sendable () throws -> T, set: (@Sendable (T) throws -> Void)? = nil
    ) -> DBusProperty {
        var setter: (@Sendable (DBusValue) throws -> Void)?
        if let set {
            setter = { @Sendable (value: DBusValue) throws -> Void in
                // The layer already checked the signature; a failed conversion means T's mapping is narrower.
                guard let typed = T(dbus: value) else {
                    throw DBusError.invalidArgs("\(name): value of type '\(value.signature)' is not a \(T.self)")
                }
                try set(typed)
            }
        }
        return DBusProperty(
            name, signature: T.dbusSignature, access: access, emitsChange: emitsChange,
            get: { @Sendable () throws -> DBusValue in try get().dbusValue }, set: setter)
    }
}

extension DBusConnection {
    /// Reads one property and converts it: `try bus.getProperty(String.self, destination:…, name: "Identity")`.
    /// A value of another type throws `InvalidArgs` naming both types.
    public func getProperty<T: DBusRepresentable>(
        _ type: T.Type, destination: String, path: String,
        interface: String, name: String,
        timeout: Duration = defaultTimeout
    ) throws(DBusError) -> T {
        let value = try getProperty(
            destination: destination, path: path, interface: interface, name: name,
            timeout: timeout)
        guard let typed = T(dbus: value) else {
            throw .invalidArgs(
                "\(interface).\(name) on \(destination) is '\(value.signature)', not '\(T.dbusSignature)'")
        }
        return typed
    }
}
