/// One D-Bus value of any type the specification allows, nested to any legal depth.
///
/// Containers carry their element types so that empty arrays and dictionaries keep a signature.
public enum DBusValue: Sendable, Hashable {
    case byte(UInt8)
    case boolean(Bool)
    case int16(Int16)
    case uint16(UInt16)
    case int32(Int32)
    case uint32(UInt32)
    case int64(Int64)
    case uint64(UInt64)
    case double(Double)
    case string(String)
    case objectPath(DBusObjectPath)
    case signature(DBusSignature)
    /// An array `a<element>`; every item must have the signature `element`.
    case array(element: DBusSignature, [DBusValue])
    /// A dictionary `a{<key><value>}` in wire order; `key` must be a basic type.
    case dictionary(key: DBusSignature, value: DBusSignature, [DBusDictEntry])
    /// A struct `(…)` of one or more fields.
    case structure([DBusValue])
    /// A variant `v` holding any single value (the only case boxed on the heap; containers hold arrays).
    indirect case variant(DBusValue)

    /// The value's D-Bus signature (one complete type).
    public var signature: DBusSignature { DBusSignature(unchecked: signatureText) }

    var signatureText: String {
        switch self {
        case .byte: return "y"
        case .boolean: return "b"
        case .int16: return "n"
        case .uint16: return "q"
        case .int32: return "i"
        case .uint32: return "u"
        case .int64: return "x"
        case .uint64: return "t"
        case .double: return "d"
        case .string: return "s"
        case .objectPath: return "o"
        case .signature: return "g"
        case .array(let element, _): return "a" + element.rawValue
        case .dictionary(let key, let value, _): return "a{" + key.rawValue + value.rawValue + "}"
        case .structure(let fields): return "(" + fields.map(\.signatureText).joined() + ")"
        case .variant: return "v"
        }
    }

    /// The signature of a sequence of values (a message body).
    public static func signature(of values: [DBusValue]) -> DBusSignature {
        DBusSignature(unchecked: values.map(\.signatureText).joined())
    }

    /// Checks the value can be sent: containers consistent with their element types, strings without NUL,
    /// dictionary keys basic, structs non-empty, total signature valid (nesting depth within the spec's limits).
    public func validate() throws(DBusError) {
        try validateTree()
        guard DBusSignature.isValid(signatureText) else {
            throw .invalidArgs("value of signature '\(signatureText)' exceeds D-Bus limits")
        }
    }

    private func validateTree() throws(DBusError) {
        switch self {
        case .string(let s):
            guard DBusNames.isValidString(s) else { throw .invalidArgs("string contains a NUL character") }
        case .array(let element, let items):
            guard element.isSingleCompleteType else {
                throw .invalidArgs("array element type '\(element)' is not one complete type")
            }
            for item in items {
                guard item.signatureText == element.rawValue else {
                    throw .invalidArgs("array of '\(element)' holds a '\(item.signatureText)'")
                }
                try item.validateTree()
            }
        case .dictionary(let key, let value, let entries):
            guard key.rawValue.utf8.count == 1, DBusValue.basicCodes.contains(key.rawValue.utf8.first!) else {
                throw .invalidArgs("dictionary key type '\(key)' is not a basic type")
            }
            guard value.isSingleCompleteType else {
                throw .invalidArgs("dictionary value type '\(value)' is not one complete type")
            }
            for e in entries {
                guard e.key.signatureText == key.rawValue, e.value.signatureText == value.rawValue else {
                    throw .invalidArgs(
                        "dictionary a{\(key)\(value)} holds {\(e.key.signatureText)\(e.value.signatureText)}")
                }
                try e.key.validateTree()
                try e.value.validateTree()
            }
        case .structure(let fields):
            guard !fields.isEmpty else { throw .invalidArgs("a struct needs at least one field") }
            for f in fields { try f.validateTree() }
        case .variant(let inner):
            try inner.validateTree()
        default:
            break
        }
    }

    /// Type codes of the basic types (valid dictionary keys).
    static let basicCodes: Set<UInt8> = Set("ybnqiuxtdsogh".utf8)
}

/// One key/value pair of a `DBusValue.dictionary`.
public struct DBusDictEntry: Sendable, Hashable {
    public var key: DBusValue
    public var value: DBusValue
    public init(_ key: DBusValue, _ value: DBusValue) {
        self.key = key
        self.value = value
    }
}

extension DBusValue {
    /// Any integer case as `Int64` (nil for non-integers or a `UInt64` above `Int64.max`).
    public var integerValue: Int64? {
        switch self {
        case .byte(let v): return Int64(v)
        case .int16(let v): return Int64(v)
        case .uint16(let v): return Int64(v)
        case .int32(let v): return Int64(v)
        case .uint32(let v): return Int64(v)
        case .int64(let v): return v
        case .uint64(let v): return Int64(exactly: v)
        case .variant(let inner): return inner.integerValue
        default: return nil
        }
    }

    /// A `double`, or any integer converted to `Double` (looking through variants).
    public var doubleValue: Double? {
        if case .double(let d) = self { return d }
        if case .variant(let inner) = self { return inner.doubleValue }
        return integerValue.map(Double.init)
    }

    /// The text of a string, object path or signature (looking through variants).
    public var stringValue: String? {
        switch self {
        case .string(let s): return s
        case .objectPath(let p): return p.rawValue
        case .signature(let g): return g.rawValue
        case .variant(let inner): return inner.stringValue
        default: return nil
        }
    }

    /// The value inside any number of variant layers.
    public var unwrappingVariants: DBusValue {
        if case .variant(let inner) = self { return inner.unwrappingVariants }
        return self
    }

    /// A dictionary keyed by strings as a Swift dictionary (nil for other values).
    public var stringKeyedDictionary: [String: DBusValue]? {
        guard case .dictionary(_, _, let entries) = unwrappingVariants else { return nil }
        var out: [String: DBusValue] = [:]
        for e in entries {
            guard case .string(let k) = e.key else { return nil }
            out[k] = e.value
        }
        return out
    }
}
