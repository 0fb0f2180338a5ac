internal import CDBus

/// `org.freedesktop.DBus.Properties` on an exported object, derived from its interface declarations.
enum PropertiesHandler {
    private static let getSignature: DBusSignature = "ss"
    private static let setSignature: DBusSignature = "ssv"
    private static let getAllSignature: DBusSignature = "s"

    static func handle(
        _ call: Message, member: String, object: ExportedObject,
        path: String
    ) throws(DBusError) -> Message {
        switch member {
        case "Get":
            try ObjectDispatcher.expect(call, getSignature, "Properties.Get")
            let (ifaceName, propName) = twoStrings(call)
            let property = try lookup(object, ifaceName, propName, path)
            guard property.isReadable else {
                throw .accessDenied("Property '\(ifaceName).\(propName)' is write-only")
            }
            return try ObjectDispatcher.reply(to: call, [.variant(try read(property, ifaceName))])
        case "Set":
            try ObjectDispatcher.expect(call, setSignature, "Properties.Set")
            let args = try call.arguments()
            guard case .string(let ifaceName) = args[0], case .string(let propName) = args[1],
                case .variant(let value) = args[2]
            else { throw .invalidArgs("Properties.Set: malformed arguments") }
            let property = try lookup(object, ifaceName, propName, path)
            guard property.isWritable, let setter = property.set else {
                throw DBusError(
                    name: DBusError.Name.propertyReadOnly,
                    message: "Property '\(ifaceName).\(propName)' is read-only")
            }
            guard value.signatureText == property.signature.rawValue else {
                throw .invalidArgs(
                    "Property '\(ifaceName).\(propName)' has type '\(property.signature)',"
                        + " got '\(value.signatureText)'")
            }
            do {
                try setter(value)
            } catch let error as DBusError {
                throw error
            } catch {
                throw .failed("setting '\(ifaceName).\(propName)' failed: \(error)")
            }
            return try ObjectDispatcher.reply(to: call, [])
        case "GetAll":
            try ObjectDispatcher.expect(call, getAllSignature, "Properties.GetAll")
            guard case .string(let ifaceName)? = try call.arguments().first else { throw .invalidArgs("GetAll") }
            var entries: [DBusDictEntry] = []
            if let iface = object.interfaces[ifaceName] {
                for property in iface.declaration.properties where property.isReadable {
                    entries.append(DBusDictEntry(.string(property.name), .variant(try read(property, ifaceName))))
                }
            } else if !isStandard(ifaceName) {
                throw DBusError(
                    name: DBusError.Name.unknownInterface,
                    message: "Object '\(path)' has no interface '\(ifaceName)'")
            }
            return try ObjectDispatcher.reply(to: call, [.dictionary(key: .string, value: .variant, entries)])
        default:
            throw ObjectDispatcher.unknownMethod(member, ObjectDispatcher.properties, path)
        }
    }

    /// Calls a getter and checks its result against the declared type.
    static func read(_ property: DBusProperty, _ interface: String) throws(DBusError) -> DBusValue {
        guard let getter = property.get else {
            throw .accessDenied("Property '\(interface).\(property.name)' is write-only")
        }
        let value: DBusValue
        do {
            value = try getter()
        } catch let error as DBusError {
            throw error
        } catch {
            throw .failed("reading '\(interface).\(property.name)' failed: \(error)")
        }
        guard value.signatureText == property.signature.rawValue else {
            throw .failed(
                "Property '\(interface).\(property.name)' produced '\(value.signatureText)'"
                    + " instead of its declared '\(property.signature)'")
        }
        return value
    }

    private static func lookup(
        _ object: ExportedObject, _ ifaceName: String, _ propName: String,
        _ path: String
    ) throws(DBusError) -> DBusProperty {
        guard let iface = object.interfaces[ifaceName] else {
            throw DBusError(
                name: isStandard(ifaceName) ? DBusError.Name.unknownProperty : DBusError.Name.unknownInterface,
                message: "Object '\(path)' has no interface '\(ifaceName)'")
        }
        guard let property = iface.properties[propName] else {
            throw DBusError(
                name: DBusError.Name.unknownProperty,
                message: "Interface '\(ifaceName)' has no property '\(propName)'")
        }
        return property
    }

    private static func isStandard(_ name: String) -> Bool {
        name == ObjectDispatcher.properties || name == ObjectDispatcher.introspectable || name == ObjectDispatcher.peer
    }

    /// Reads the two leading string arguments without building an argument array (the Get hot path).
    private static func twoStrings(_ call: Message) -> (String, String) {
        var it = DBusMessageIter()
        guard dbus_message_iter_init(call.raw, &it) != 0 else { return ("", "") }
        var a: UnsafePointer<CChar>? = nil, b: UnsafePointer<CChar>? = nil
        dbus_message_iter_get_basic(&it, &a)
        dbus_message_iter_next(&it)
        dbus_message_iter_get_basic(&it, &b)
        return (a.map { String(cString: $0) } ?? "", b.map { String(cString: $0) } ?? "")
    }
}

extension DBusError {
    /// `org.freedesktop.DBus.Error.AccessDenied` with a message.
    public static func accessDenied(_ message: String) -> DBusError {
        DBusError(name: Name.accessDenied, message: message)
    }
}
