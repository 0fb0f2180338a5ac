/// A Swift type with a fixed D-Bus type: converts to a `DBusValue` and back.
public protocol DBusRepresentable: Sendable {
    /// The D-Bus signature of every value of this type.
    static var dbusSignature: DBusSignature { get }
    /// Converts from a D-Bus value of exactly this type; nil on a type mismatch.
    init?(dbus value: DBusValue)
    /// The value as D-Bus sees it.
    var dbusValue: DBusValue { get }
}

extension UInt8: DBusRepresentable {
    public static var dbusSignature: DBusSignature { .byte }
    public init?(dbus value: DBusValue) { guard case .byte(let v) = value else { return nil }; self = v }
    public var dbusValue: DBusValue { .byte(self) }
}
extension Bool: DBusRepresentable {
    public static var dbusSignature: DBusSignature { .boolean }
    public init?(dbus value: DBusValue) { guard case .boolean(let v) = value else { return nil }; self = v }
    public var dbusValue: DBusValue { .boolean(self) }
}
extension Int16: DBusRepresentable {
    public static var dbusSignature: DBusSignature { .int16 }
    public init?(dbus value: DBusValue) { guard case .int16(let v) = value else { return nil }; self = v }
    public var dbusValue: DBusValue { .int16(self) }
}
extension UInt16: DBusRepresentable {
    public static var dbusSignature: DBusSignature { .uint16 }
    public init?(dbus value: DBusValue) { guard case .uint16(let v) = value else { return nil }; self = v }
    public var dbusValue: DBusValue { .uint16(self) }
}
extension Int32: DBusRepresentable {
    public static var dbusSignature: DBusSignature { .int32 }
    public init?(dbus value: DBusValue) { guard case .int32(let v) = value else { return nil }; self = v }
    public var dbusValue: DBusValue { .int32(self) }
}
extension UInt32: DBusRepresentable {
    public static var dbusSignature: DBusSignature { .uint32 }
    public init?(dbus value: DBusValue) { guard case .uint32(let v) = value else { return nil }; self = v }
    public var dbusValue: DBusValue { .uint32(self) }
}
extension Int64: DBusRepresentable {
    public static var dbusSignature: DBusSignature { .int64 }
    public init?(dbus value: DBusValue) { guard case .int64(let v) = value else { return nil }; self = v }
    public var dbusValue: DBusValue { .int64(self) }
}
extension UInt64: DBusRepresentable {
    public static var dbusSignature: DBusSignature { .uint64 }
    public init?(dbus value: DBusValue) { guard case .uint64(let v) = value else { return nil }; self = v }
    public var dbusValue: DBusValue { .uint64(self) }
}
/// `Int` travels as `x` (int64).
extension Int: DBusRepresentable {
    public static var dbusSignature: DBusSignature { .int64 }
    public init?(dbus value: DBusValue) {
        guard case .int64(let v) = value, let n = Int(exactly: v) else { return nil }
        self = n
    }
    public var dbusValue: DBusValue { .int64(Int64(self)) }
}
extension Double: DBusRepresentable {
    public static var dbusSignature: DBusSignature { .double }
    public init?(dbus value: DBusValue) { guard case .double(let v) = value else { return nil }; self = v }
    public var dbusValue: DBusValue { .double(self) }
}
extension String: DBusRepresentable {
    public static var dbusSignature: DBusSignature { .string }
    public init?(dbus value: DBusValue) { guard case .string(let v) = value else { return nil }; self = v }
    public var dbusValue: DBusValue { .string(self) }
}
extension DBusObjectPath: DBusRepresentable {
    public static var dbusSignature: DBusSignature { .objectPath }
    public init?(dbus value: DBusValue) { guard case .objectPath(let v) = value else { return nil }; self = v }
    public var dbusValue: DBusValue { .objectPath(self) }
}
extension DBusSignature: DBusRepresentable {
    public static var dbusSignature: DBusSignature { .signature }
    public init?(dbus value: DBusValue) { guard case .signature(let v) = value else { return nil }; self = v }
    public var dbusValue: DBusValue { .signature(self) }
}
/// A `DBusValue` used as a representable travels as a variant `v` (so `[String: DBusValue]` is `a{sv}`).
extension DBusValue: DBusRepresentable {
    public static var dbusSignature: DBusSignature { .variant }
    public init?(dbus value: DBusValue) { guard case .variant(let v) = value else { return nil }; self = v }
    public var dbusValue: DBusValue { .variant(self) }
}
extension Array: DBusRepresentable where Element: DBusRepresentable {
    public static var dbusSignature: DBusSignature {
        DBusSignature(unchecked: "a" + Element.dbusSignature.rawValue)
    }
    public init?(dbus value: DBusValue) {
        guard case .array(let element, let items) = value, element == Element.dbusSignature else { return nil }
        var out: [Element] = []
        out.reserveCapacity(items.count)
        for item in items {
            guard let e = Element(dbus: item) else { return nil }
            out.append(e)
        }
        self = out
    }
    // A closure, not `\.dbusValue`: a key path in this generic context is instantiated at run time on every call.
    public var dbusValue: DBusValue { .array(element: Element.dbusSignature, map { $0.dbusValue }) }
}
/// Swift dictionaries travel as `a{kv}`; entries are sent in key order of their D-Bus form for determinism only
/// when the key is a string.
extension Dictionary: DBusRepresentable where Key: DBusRepresentable, Value: DBusRepresentable {
    public static var dbusSignature: DBusSignature {
        DBusSignature(unchecked: "a{" + Key.dbusSignature.rawValue + Value.dbusSignature.rawValue + "}")
    }
    public init?(dbus value: DBusValue) {
        guard case .dictionary(let k, let v, let entries) = value,
            k == Key.dbusSignature, v == Value.dbusSignature
        else { return nil }
        var out: [Key: Value] = [:]
        out.reserveCapacity(entries.count)
        for e in entries {
            guard let key = Key(dbus: e.key), let val = Value(dbus: e.value) else { return nil }
            out[key] = val
        }
        self = out
    }
    public var dbusValue: DBusValue {
        var entries = map { DBusDictEntry($0.key.dbusValue, $0.value.dbusValue) }
        if Key.self == String.self {
            entries.sort { ($0.key.stringValue ?? "") < ($1.key.stringValue ?? "") }
        }
        return .dictionary(key: Key.dbusSignature, value: Value.dbusSignature, entries)
    }
}

extension DBusValue {
    /// Wraps any representable Swift value: `DBusValue(["a", "b"])` is an `as`.
    public init<T: DBusRepresentable>(_ value: T) { self = value.dbusValue }

    /// Converts to a representable Swift type, nil on a type mismatch: `value.as([String].self)`.
    public func `as`<T: DBusRepresentable>(_ type: T.Type) -> T? { T(dbus: self) }
}
