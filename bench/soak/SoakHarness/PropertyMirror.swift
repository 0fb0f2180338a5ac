import DBus

/// The properties linnetd announced, kept from its PropertiesChanged signals in order of receipt on one
/// connection. A PropertiesChanged that carries a property with the value already mirrored is a lie about a
/// change. Only signals feed it (a Get on another connection could race a signal still in flight); a property
/// is judged from its second announcement on.
public struct PropertyMirror: Sendable {
    private var values: [String: [String: DBusValue]] = [:]

    public init() {}

    /// The mirrored value of `interface.name`, if announced.
    public func value(_ interface: String, _ name: String) -> DBusValue? { values[interface]?[name] }

    /// Applies one PropertiesChanged; returns the names whose value equals the one already mirrored.
    public mutating func apply(interface: String, changed: [String: DBusValue], invalidated: [String]) -> [String] {
        var unchanged: [String] = []
        var table = values[interface] ?? [:]
        for (name, raw) in changed.sorted(by: { $0.key < $1.key }) {
            let value = raw.unwrappingVariants
            if let old = table[name], Self.same(old, value) { unchanged.append(name) }
            table[name] = value
        }
        for name in invalidated { table[name] = nil }
        values[interface] = table
        return unchanged
    }

    /// Value equality as a client sees it: doubles by bit pattern (so NaN equals NaN), dictionaries as sets of
    /// entries, variants by their content.
    public static func same(_ a: DBusValue, _ b: DBusValue) -> Bool { canonical(a) == canonical(b) }

    static func canonical(_ v: DBusValue) -> String {
        switch v {
        case .double(let d): return "d\(d.bitPattern)"
        case .variant(let inner): return canonical(inner)
        case .array(let e, let items): return "a\(e.rawValue)[" + items.map(canonical).joined(separator: ",") + "]"
        case .dictionary(let k, let val, let entries):
            let parts = entries.map { canonical($0.key) + ":" + canonical($0.value) }.sorted()
            return "a{\(k.rawValue)\(val.rawValue)}[" + parts.joined(separator: ",") + "]"
        case .structure(let fields): return "(" + fields.map(canonical).joined(separator: ",") + ")"
        default: return "\(v.signature.rawValue)\(v)"
        }
    }
}
