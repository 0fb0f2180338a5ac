import DBus
import LinnetCLI

/// Converts what MPRIS players send (D-Bus values) into the client's plain model. Lenient: a property of the
/// wrong type is treated as absent, so one odd player property does not break `status`.
enum MPRISValues {
    /// Applies Player properties (from GetAll or PropertiesChanged) to a snapshot.
    static func apply(_ properties: [String: DBusValue], to s: inout PlayerSnapshot) {
        for (name, raw) in properties {
            let value = raw.unwrappingVariants
            switch name {
            case "PlaybackStatus": s.status = value.stringValue.flatMap(PlaybackStatus.init(mpris:))
            case "LoopStatus": s.loop = value.stringValue.flatMap(LoopStatus.init(mpris:))
            case "Shuffle": if case .boolean(let b) = value { s.shuffle = b }
            case "Volume": s.volume = value.doubleValue
            case "Rate": s.rate = value.doubleValue
            case "Position": s.positionMicroseconds = value.integerValue
            case "Metadata": s.metadata = metadata(value)
            default: break
            }
        }
    }

    /// `a{sv}` metadata as plain values.
    static func metadata(_ value: DBusValue) -> TrackMetadata {
        guard let dict = value.unwrappingVariants.stringKeyedDictionary else { return TrackMetadata() }
        return TrackMetadata(dict.mapValues { json($0) })
    }

    /// Any D-Bus value as JSON: integers as integers, object paths and signatures as strings, byte arrays as
    /// arrays of numbers, dictionaries with string keys as objects (sorted), other dictionaries as pairs.
    static func json(_ value: DBusValue) -> JSONValue {
        switch value {
        case .boolean(let b): return .bool(b)
        case .byte, .int16, .uint16, .int32, .uint32, .int64:
            return .integer(value.integerValue ?? 0)
        case .uint64(let u): return u <= UInt64(Int64.max) ? .integer(Int64(u)) : .number(Double(u))
        case .double(let d): return .number(d)
        case .string(let s): return .string(s)
        case .objectPath(let p): return .string(p.rawValue)
        case .signature(let g): return .string(g.rawValue)
        case .array(_, let items): return .array(items.map(json))
        case .dictionary(_, _, let entries):
            if entries.allSatisfy({ $0.key.stringValue != nil }) {
                let members = entries.map { ($0.key.stringValue!, json($0.value)) }.sorted { $0.0 < $1.0 }
                return .object(members)
            }
            return .array(entries.map { .array([json($0.key), json($0.value)]) })
        case .structure(let fields): return .array(fields.map(json))
        case .variant(let inner): return json(inner)
        }
    }
}
