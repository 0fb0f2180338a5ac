import DBus
import Foundation

/// Converts values to the JSON shape `busctl --json=short` prints, and canonicalises JSON for comparison.
enum JSONForm {
    static func of(_ value: DBusValue) -> Any {
        switch value {
        case .byte(let v): return Int(v)
        case .boolean(let v): return v
        case .int16(let v): return Int(v)
        case .uint16(let v): return Int(v)
        case .int32(let v): return Int(v)
        case .uint32(let v): return Int(v)
        case .int64(let v): return v
        case .uint64(let v): return v
        case .double(let v): return v
        case .string(let s): return s
        case .objectPath(let p): return p.rawValue
        case .signature(let g): return g.rawValue
        case .variant(let inner): return ["type": inner.signature.rawValue, "data": of(inner)]
        case .structure(let fields): return fields.map(of)
        case .array(_, let items): return items.map(of)
        case .dictionary(_, _, let entries):
            var out: [String: Any] = [:]
            for e in entries { out[e.key.stringValue ?? "\(of(e.key))"] = of(e.value) }
            return out
        }
    }

    static func canonical(_ object: Any) -> String {
        let data = try! JSONSerialization.data(withJSONObject: ["v": object], options: [.sortedKeys, .fragmentsAllowed])
        return String(decoding: data, as: UTF8.self)
    }
}
