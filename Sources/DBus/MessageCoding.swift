internal import CDBus
import Glibc

/// Reads `DBusValue`s from a libdbus message iterator. libdbus validated the whole message when it arrived,
/// so the only failure left is a type this layer does not carry (unix fds).
enum MessageReader {
    static func readAll(_ it: inout DBusMessageIter) throws(DBusError) -> [DBusValue] {
        var out: [DBusValue] = []
        while dbus_message_iter_get_arg_type(&it) != cdbus_type_invalid {
            out.append(try read(&it))
            dbus_message_iter_next(&it)
        }
        return out
    }

    static func read(_ it: inout DBusMessageIter) throws(DBusError) -> DBusValue {
        let code = UInt8(truncatingIfNeeded: dbus_message_iter_get_arg_type(&it))
        switch code {
        case UInt8(ascii: "y"): return .byte(basic(&it, UInt8(0)))
        case UInt8(ascii: "b"): return .boolean(basic(&it, dbus_bool_t(0)) != 0)
        case UInt8(ascii: "n"): return .int16(basic(&it, Int16(0)))
        case UInt8(ascii: "q"): return .uint16(basic(&it, UInt16(0)))
        case UInt8(ascii: "i"): return .int32(basic(&it, Int32(0)))
        case UInt8(ascii: "u"): return .uint32(basic(&it, UInt32(0)))
        case UInt8(ascii: "x"): return .int64(basic(&it, Int64(0)))
        case UInt8(ascii: "t"): return .uint64(basic(&it, UInt64(0)))
        case UInt8(ascii: "d"): return .double(basic(&it, Double(0)))
        case UInt8(ascii: "s"): return .string(string(&it))
        case UInt8(ascii: "o"): return .objectPath(DBusObjectPath(unchecked: string(&it)))
        case UInt8(ascii: "g"): return .signature(DBusSignature(unchecked: string(&it)))
        case UInt8(ascii: "v"):
            var sub = DBusMessageIter()
            dbus_message_iter_recurse(&it, &sub)
            return .variant(try read(&sub))
        case UInt8(ascii: "r"):  // DBUS_TYPE_STRUCT; the signature spells it "("
            var sub = DBusMessageIter()
            dbus_message_iter_recurse(&it, &sub)
            return .structure(try readAll(&sub))
        case UInt8(ascii: "a"):
            return try array(&it)
        case UInt8(ascii: "h"):
            let fd = basic(&it, Int32(-1))  // libdbus hands us a duplicate: close it, we do not carry fds
            if fd >= 0 { close(fd) }
            throw .notSupported("unix file descriptors are not supported")
        default:
            throw .invalidArgs("unexpected type code \(code) in message body")
        }
    }

    private static func array(_ it: inout DBusMessageIter) throws(DBusError) -> DBusValue {
        let full = signature(&it)  // "a…"
        let element = DBusSignature(unchecked: String(full.dropFirst()))
        var sub = DBusMessageIter()
        dbus_message_iter_recurse(&it, &sub)
        if element.rawValue.hasPrefix("{") {
            let kv = DBusSignature(unchecked: String(element.rawValue.dropFirst().dropLast())).completeTypes
            var entries: [DBusDictEntry] = []
            while dbus_message_iter_get_arg_type(&sub) != cdbus_type_invalid {
                var entry = DBusMessageIter()
                dbus_message_iter_recurse(&sub, &entry)
                let key = try read(&entry)
                dbus_message_iter_next(&entry)
                let value = try read(&entry)
                entries.append(DBusDictEntry(key, value))
                dbus_message_iter_next(&sub)
            }
            return .dictionary(key: kv[0], value: kv[1], entries)
        }
        return .array(element: element, try readAll(&sub))
    }

    private static func basic<T>(_ it: inout DBusMessageIter, _ initial: T) -> T {
        var v = initial
        withUnsafeMutablePointer(to: &v) { dbus_message_iter_get_basic(&it, UnsafeMutableRawPointer($0)) }
        return v
    }

    private static func string(_ it: inout DBusMessageIter) -> String {
        var p: UnsafePointer<CChar>? = nil
        dbus_message_iter_get_basic(&it, &p)
        return p.map { String(cString: $0) } ?? ""
    }

    private static func signature(_ it: inout DBusMessageIter) -> String {
        guard let p = dbus_message_iter_get_signature(&it) else { return "" }
        defer { dbus_free(p) }
        return String(cString: p)
    }
}

/// Appends already validated `DBusValue`s to a libdbus message iterator.
enum MessageWriter {
    static func append(_ value: DBusValue, to it: inout DBusMessageIter) throws(DBusError) {
        let ok: Bool
        switch value {
        case .byte(let v): ok = basic(&it, "y", v)
        case .boolean(let v): ok = basic(&it, "b", dbus_bool_t(v ? 1 : 0))
        case .int16(let v): ok = basic(&it, "n", v)
        case .uint16(let v): ok = basic(&it, "q", v)
        case .int32(let v): ok = basic(&it, "i", v)
        case .uint32(let v): ok = basic(&it, "u", v)
        case .int64(let v): ok = basic(&it, "x", v)
        case .uint64(let v): ok = basic(&it, "t", v)
        case .double(let v): ok = basic(&it, "d", v)
        case .string(let s): ok = string(&it, "s", s)
        case .objectPath(let p): ok = string(&it, "o", p.rawValue)
        case .signature(let g): ok = string(&it, "g", g.rawValue)
        case .variant(let inner):
            try container(&it, "v", inner.signatureText) { (sub) throws(DBusError) in try append(inner, to: &sub) }
            return
        case .structure(let fields):
            try container(&it, "r", nil) { (sub) throws(DBusError) in
                for f in fields { try append(f, to: &sub) }
            }
            return
        case .array(let element, let items):
            try container(&it, "a", element.rawValue) { (sub) throws(DBusError) in
                for item in items { try append(item, to: &sub) }
            }
            return
        case .dictionary(let k, let v, let entries):
            try container(&it, "a", "{" + k.rawValue + v.rawValue + "}") { (sub) throws(DBusError) in
                for e in entries {
                    try container(&sub, "e", nil) { (entry) throws(DBusError) in
                        try append(e.key, to: &entry)
                        try append(e.value, to: &entry)
                    }
                }
            }
            return
        }
        if !ok { throw DBusError(name: DBusError.Name.noMemory, message: "appending a \(value.signatureText)") }
    }

    private static func code(_ c: Unicode.Scalar) -> Int32 { Int32(UInt8(ascii: c)) }

    private static func basic<T>(_ it: inout DBusMessageIter, _ c: Unicode.Scalar, _ v: T) -> Bool {
        var v = v
        return withUnsafePointer(to: &v) { dbus_message_iter_append_basic(&it, code(c), UnsafeRawPointer($0)) } != 0
    }

    private static func string(_ it: inout DBusMessageIter, _ c: Unicode.Scalar, _ s: String) -> Bool {
        s.withCString { cs in
            var p: UnsafePointer<CChar>? = cs
            return withUnsafePointer(to: &p) { dbus_message_iter_append_basic(&it, code(c), UnsafeRawPointer($0)) } != 0
        }
    }

    /// Opens a container ("r" struct, "e" dict entry, "a" array, "v" variant), fills it, closes it.
    private static func container(
        _ it: inout DBusMessageIter, _ kind: Unicode.Scalar, _ contained: String?,
        _ fill: (inout DBusMessageIter) throws(DBusError) -> Void
    ) throws(DBusError) {
        var sub = DBusMessageIter()
        let opened = withOptionalCString(contained) { dbus_message_iter_open_container(&it, code(kind), $0, &sub) }
        guard opened != 0 else { throw DBusError(name: DBusError.Name.noMemory, message: "opening a container") }
        do {
            try fill(&sub)
        } catch {
            dbus_message_iter_abandon_container(&it, &sub)
            throw error
        }
        guard dbus_message_iter_close_container(&it, &sub) != 0 else {
            throw DBusError(name: DBusError.Name.noMemory, message: "closing a container")
        }
    }
}
