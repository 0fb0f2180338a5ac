/// Decodes any `Decodable` from a `JSONValue` (the state file's reader; see `JSONValue`). Errors are the standard
/// `DecodingError`s with their coding paths.
enum JSONValueDecoder {
    static func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
        try T(from: NodeDecoder(value: value, codingPath: []))
    }
}

struct NodeDecoder: Swift.Decoder {
    let value: JSONValue
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = value else {
            throw JSONScalar.mismatch([String: JSONValue].self, value, codingPath)
        }
        return KeyedDecodingContainer(KeyedJSONDecodingContainer<Key>(members: members, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let items) = value else { throw JSONScalar.mismatch([JSONValue].self, value, codingPath) }
        return UnkeyedJSONDecodingContainer(items: items, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleJSONDecodingContainer(value: value, codingPath: codingPath)
    }
}

struct KeyedJSONDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let members: [String: JSONValue]
    let codingPath: [any CodingKey]

    var allKeys: [Key] { members.keys.compactMap { Key(stringValue: $0) } }
    func contains(_ key: Key) -> Bool { members[key.stringValue] != nil }

    func value(_ key: Key) throws -> JSONValue {
        guard let v = members[key.stringValue] else {
            throw DecodingError.keyNotFound(
                key, .init(codingPath: codingPath, debugDescription: "no member \"\(key.stringValue)\""))
        }
        return v
    }

    func decodeNil(forKey key: Key) throws -> Bool { try value(key) == .null }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try T(from: NodeDecoder(value: try value(key), codingPath: codingPath + [key]))
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type,
        forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try NodeDecoder(value: try value(key), codingPath: codingPath + [key]).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try NodeDecoder(value: try value(key), codingPath: codingPath + [key]).unkeyedContainer()
    }

    func superDecoder() throws -> any Swift.Decoder {
        NodeDecoder(value: members["super"] ?? .null, codingPath: codingPath)
    }

    func superDecoder(forKey key: Key) throws -> any Swift.Decoder {
        NodeDecoder(value: members[key.stringValue] ?? .null, codingPath: codingPath + [key])
    }
}

struct UnkeyedJSONDecodingContainer: UnkeyedDecodingContainer {
    let items: [JSONValue]
    let codingPath: [any CodingKey]
    var currentIndex = 0
    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    init(items: [JSONValue], codingPath: [any CodingKey]) {
        self.items = items
        self.codingPath = codingPath
    }

    mutating func next<T>(_ type: T.Type) throws -> JSONValue {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                type,
                .init(
                    codingPath: codingPath + [JSONIndexKey(currentIndex)],
                    debugDescription: "array has no more elements"))
        }
        defer { currentIndex += 1 }
        return items[currentIndex]
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, items[currentIndex] == .null else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let path = codingPath + [JSONIndexKey(currentIndex)]
        return try T(from: NodeDecoder(value: try next(type), codingPath: path))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type)
        throws -> KeyedDecodingContainer<NestedKey>
    {
        let path = codingPath + [JSONIndexKey(currentIndex)]
        return try NodeDecoder(value: try next([String: JSONValue].self), codingPath: path).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let path = codingPath + [JSONIndexKey(currentIndex)]
        return try NodeDecoder(value: try next([JSONValue].self), codingPath: path).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Swift.Decoder {
        let path = codingPath + [JSONIndexKey(currentIndex)]
        return NodeDecoder(value: try next(JSONValue.self), codingPath: path)
    }
}

struct SingleJSONDecodingContainer: SingleValueDecodingContainer {
    let value: JSONValue
    let codingPath: [any CodingKey]

    func decodeNil() -> Bool { value == .null }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try T(from: NodeDecoder(value: value, codingPath: codingPath))
    }
}

/// JSON scalars to Swift's primitive types, strictly: no string/number coercion, integers exact.
enum JSONScalar {
    static func mismatch<T>(_ type: T.Type, _ value: JSONValue, _ path: [any CodingKey]) -> DecodingError {
        .typeMismatch(type, .init(codingPath: path, debugDescription: "expected \(type), found \(value)"))
    }

    static func decode(_ type: Bool.Type, _ value: JSONValue, _ path: [any CodingKey]) throws -> Bool {
        guard case .bool(let b) = value else { throw mismatch(type, value, path) }
        return b
    }

    static func decode(_ type: String.Type, _ value: JSONValue, _ path: [any CodingKey]) throws -> String {
        guard case .string(let s) = value else { throw mismatch(type, value, path) }
        return s
    }

    static func decode(_ type: Double.Type, _ value: JSONValue, _ path: [any CodingKey]) throws -> Double {
        guard case .number(let text) = value, let d = Double(text) else { throw mismatch(type, value, path) }
        return d
    }

    static func decode(_ type: Float.Type, _ value: JSONValue, _ path: [any CodingKey]) throws -> Float {
        Float(try decode(Double.self, value, path))
    }

    /// Integers from their exact text; `1.0`/`1e3` accepted when the value is a whole number in range.
    static func decode<T: FixedWidthInteger>(_ type: T.Type, _ value: JSONValue, _ path: [any CodingKey]) throws -> T {
        guard case .number(let text) = value else { throw mismatch(type, value, path) }
        if let n = T(text) { return n }
        if let d = Double(text), let n = T(exactly: d) { return n }
        throw DecodingError.dataCorrupted(.init(codingPath: path, debugDescription: "\(text) does not fit \(type)"))
    }
}

/// The coding key of an array element (its index), for the coding paths of errors.
struct JSONIndexKey: CodingKey {
    var stringValue: String { "Index \(index)" }
    var intValue: Int? { index }
    let index: Int
    init(_ index: Int) { self.index = index }
    init?(stringValue: String) { return nil }
    init?(intValue: Int) { index = intValue }
}
