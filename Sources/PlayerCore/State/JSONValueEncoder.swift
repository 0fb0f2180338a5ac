/// Encodes any `Encodable` into a `JSONValue` (the state file's writer; see `JSONValue`).
enum JSONValueEncoder {
    static func encode<T: Encodable>(_ value: T) throws -> JSONValue {
        let root = JSONNode()
        try value.encode(to: NodeEncoder(node: root, codingPath: []))
        return root.value
    }
}

/// A value under construction: containers hand out child nodes that are filled in later, as Codable expects.
final class JSONNode {
    private var scalar: JSONValue?
    private var members: [String: JSONNode]?
    private var items: [JSONNode]?

    func set(_ value: JSONValue) { scalar = value; members = nil; items = nil }

    func member(_ key: String) -> JSONNode {
        if members == nil { members = [:]; scalar = nil; items = nil }
        if let existing = members![key] { return existing }
        let child = JSONNode()
        members![key] = child
        return child
    }

    func appendItem() -> JSONNode {
        if items == nil { items = []; scalar = nil; members = nil }
        let child = JSONNode()
        items!.append(child)
        return child
    }

    var count: Int { items?.count ?? 0 }
    func makeObject() { if members == nil { members = [:]; scalar = nil; items = nil } }
    func makeArray() { if items == nil { items = []; scalar = nil; members = nil } }

    /// An untouched node is `{}`, as with Foundation's JSONEncoder.
    var value: JSONValue {
        if let members { return .object(members.mapValues { $0.value }) }
        if let items { return .array(items.map { $0.value }) }
        return scalar ?? .object([:])
    }
}

struct NodeEncoder: Encoder {
    let node: JSONNode
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        node.makeObject()
        return KeyedEncodingContainer(KeyedJSONEncodingContainer<Key>(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        node.makeArray()
        return UnkeyedJSONEncodingContainer(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleJSONEncodingContainer(node: node, codingPath: codingPath)
    }
}

struct KeyedJSONEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: JSONNode
    let codingPath: [any CodingKey]

    func put(_ value: JSONValue, _ key: Key) { node.member(key.stringValue).set(value) }

    mutating func encodeNil(forKey key: Key) throws { put(.null, key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try value.encode(to: NodeEncoder(node: node.member(key.stringValue), codingPath: codingPath + [key]))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type,
        forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        NodeEncoder(node: node.member(key.stringValue), codingPath: codingPath + [key]).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        NodeEncoder(node: node.member(key.stringValue), codingPath: codingPath + [key]).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        NodeEncoder(node: node.member("super"), codingPath: codingPath)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        NodeEncoder(node: node.member(key.stringValue), codingPath: codingPath + [key])
    }
}

struct UnkeyedJSONEncodingContainer: UnkeyedEncodingContainer {
    let node: JSONNode
    let codingPath: [any CodingKey]
    var count: Int { node.count }

    func append(_ value: JSONValue) { node.appendItem().set(value) }

    mutating func encodeNil() throws { append(.null) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let path = codingPath + [JSONIndexKey(count)]
        try value.encode(to: NodeEncoder(node: node.appendItem(), codingPath: path))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
        -> KeyedEncodingContainer<NestedKey>
    {
        let path = codingPath + [JSONIndexKey(count)]
        return NodeEncoder(node: node.appendItem(), codingPath: path).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let path = codingPath + [JSONIndexKey(count)]
        return NodeEncoder(node: node.appendItem(), codingPath: path).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        NodeEncoder(node: node.appendItem(), codingPath: codingPath + [JSONIndexKey(count)])
    }
}

struct SingleJSONEncodingContainer: SingleValueEncodingContainer {
    let node: JSONNode
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws { node.set(.null) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try value.encode(to: NodeEncoder(node: node, codingPath: codingPath))
    }
}

/// The coding key of an array element (its index).
struct JSONIndexKey: CodingKey {
    var stringValue: String { "Index \(index)" }
    var intValue: Int? { index }
    let index: Int
    init(_ index: Int) { self.index = index }
    init?(stringValue: String) { return nil }
    init?(intValue: Int) { index = intValue }
}
