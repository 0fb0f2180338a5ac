internal import CDBus

/// A validated D-Bus type signature (`g`): zero or more complete types, e.g. `"sa{sv}as"`.
public struct DBusSignature: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The signature text, always valid.
    public let rawValue: String

    /// Validates `rawValue` (syntax, nesting depth, length); nil when invalid.
    public init?(_ rawValue: String) {
        guard DBusSignature.isValid(rawValue) else { return nil }
        self.rawValue = rawValue
    }

    /// For literals in code; traps on an invalid literal (a programming error). Note `DBusSignature("…")` with a
    /// literal argument uses this initializer; text known only at run time goes through the failable `init?(_:)`.
    public init(stringLiteral value: String) {
        guard let s = DBusSignature(value) else { preconditionFailure("invalid D-Bus signature literal '\(value)'") }
        self = s
    }

    /// Trusted construction for signatures libdbus already validated or that we built from valid parts.
    init(unchecked rawValue: String) { self.rawValue = rawValue }

    public var description: String { rawValue }

    /// True when the signature is empty (no arguments).
    public var isEmpty: Bool { rawValue.isEmpty }

    /// True when this is exactly one complete type.
    public var isSingleCompleteType: Bool { completeTypes.count == 1 }

    /// Splits into its complete types: `"sa{sv}(ii)"` → `["s", "a{sv}", "(ii)"]`.
    public var completeTypes: [DBusSignature] {
        var out: [DBusSignature] = []
        let bytes = Array(rawValue.utf8)
        var i = 0
        while i < bytes.count {
            let end = DBusSignature.endOfCompleteType(bytes, from: i)
            out.append(DBusSignature(unchecked: String(decoding: bytes[i..<end], as: UTF8.self)))
            i = end
        }
        return out
    }

    /// Index just past the complete type starting at `i` of an already valid signature.
    static func endOfCompleteType(_ b: [UInt8], from start: Int) -> Int {
        var i = start
        while i < b.count, b[i] == UInt8(ascii: "a") { i += 1 }
        guard i < b.count else { return i }
        let open = b[i]
        guard open == UInt8(ascii: "(") || open == UInt8(ascii: "{") else { return i + 1 }
        let close = open == UInt8(ascii: "(") ? UInt8(ascii: ")") : UInt8(ascii: "}")
        var depth = 0
        while i < b.count {
            if b[i] == open { depth += 1 } else if b[i] == close { depth -= 1; if depth == 0 { return i + 1 } }
            i += 1
        }
        return i
    }

    static func isValid(_ s: String) -> Bool {
        guard DBusNames.isValidString(s) else { return false }
        if s.isEmpty { return true }
        return s.withCString { dbus_signature_validate($0, nil) != 0 }
    }

    /// Common signatures.
    public static let byte: DBusSignature = "y", boolean: DBusSignature = "b", int16: DBusSignature = "n",
        uint16: DBusSignature = "q", int32: DBusSignature = "i", uint32: DBusSignature = "u",
        int64: DBusSignature = "x", uint64: DBusSignature = "t", double: DBusSignature = "d",
        string: DBusSignature = "s", objectPath: DBusSignature = "o", signature: DBusSignature = "g",
        variant: DBusSignature = "v", empty = DBusSignature(unchecked: ""),
        stringArray: DBusSignature = "as", vardict: DBusSignature = "a{sv}"
}
