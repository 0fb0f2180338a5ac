// Generated boilerplate of the Codable container protocols (one line per primitive type), forwarding to
// the generic paths in JSONValueEncoder.swift / JSONValueDecoder.swift.

extension KeyedJSONEncodingContainer {
    mutating func encode(_ v: Bool, forKey k: Key) throws { put(.bool(v), k) }
    mutating func encode(_ v: String, forKey k: Key) throws { put(.string(v), k) }
    mutating func encode(_ v: Double, forKey k: Key) throws { put(try JSONValue.number(v, codingPath + [k]), k) }
    mutating func encode(_ v: Float, forKey k: Key) throws { put(try JSONValue.number(Double(v), codingPath + [k]), k) }
    mutating func encode(_ v: Int, forKey k: Key) throws { put(.number(String(v)), k) }
    mutating func encode(_ v: Int8, forKey k: Key) throws { put(.number(String(v)), k) }
    mutating func encode(_ v: Int16, forKey k: Key) throws { put(.number(String(v)), k) }
    mutating func encode(_ v: Int32, forKey k: Key) throws { put(.number(String(v)), k) }
    mutating func encode(_ v: Int64, forKey k: Key) throws { put(.number(String(v)), k) }
    mutating func encode(_ v: UInt, forKey k: Key) throws { put(.number(String(v)), k) }
    mutating func encode(_ v: UInt8, forKey k: Key) throws { put(.number(String(v)), k) }
    mutating func encode(_ v: UInt16, forKey k: Key) throws { put(.number(String(v)), k) }
    mutating func encode(_ v: UInt32, forKey k: Key) throws { put(.number(String(v)), k) }
    mutating func encode(_ v: UInt64, forKey k: Key) throws { put(.number(String(v)), k) }
}

extension UnkeyedJSONEncodingContainer {
    mutating func encode(_ v: Bool) throws { append(.bool(v)) }
    mutating func encode(_ v: String) throws { append(.string(v)) }
    mutating func encode(_ v: Double) throws { append(try JSONValue.number(v, codingPath)) }
    mutating func encode(_ v: Float) throws { append(try JSONValue.number(Double(v), codingPath)) }
    mutating func encode(_ v: Int) throws { append(.number(String(v))) }
    mutating func encode(_ v: Int8) throws { append(.number(String(v))) }
    mutating func encode(_ v: Int16) throws { append(.number(String(v))) }
    mutating func encode(_ v: Int32) throws { append(.number(String(v))) }
    mutating func encode(_ v: Int64) throws { append(.number(String(v))) }
    mutating func encode(_ v: UInt) throws { append(.number(String(v))) }
    mutating func encode(_ v: UInt8) throws { append(.number(String(v))) }
    mutating func encode(_ v: UInt16) throws { append(.number(String(v))) }
    mutating func encode(_ v: UInt32) throws { append(.number(String(v))) }
    mutating func encode(_ v: UInt64) throws { append(.number(String(v))) }
}

extension SingleJSONEncodingContainer {
    mutating func encode(_ v: Bool) throws { node.set(.bool(v)) }
    mutating func encode(_ v: String) throws { node.set(.string(v)) }
    mutating func encode(_ v: Double) throws { node.set(try JSONValue.number(v, codingPath)) }
    mutating func encode(_ v: Float) throws { node.set(try JSONValue.number(Double(v), codingPath)) }
    mutating func encode(_ v: Int) throws { node.set(.number(String(v))) }
    mutating func encode(_ v: Int8) throws { node.set(.number(String(v))) }
    mutating func encode(_ v: Int16) throws { node.set(.number(String(v))) }
    mutating func encode(_ v: Int32) throws { node.set(.number(String(v))) }
    mutating func encode(_ v: Int64) throws { node.set(.number(String(v))) }
    mutating func encode(_ v: UInt) throws { node.set(.number(String(v))) }
    mutating func encode(_ v: UInt8) throws { node.set(.number(String(v))) }
    mutating func encode(_ v: UInt16) throws { node.set(.number(String(v))) }
    mutating func encode(_ v: UInt32) throws { node.set(.number(String(v))) }
    mutating func encode(_ v: UInt64) throws { node.set(.number(String(v))) }
}

extension KeyedJSONDecodingContainer {
    func decode(_ t: Bool.Type, forKey k: Key) throws -> Bool {
        try JSONScalar.decode(t, try value(k), codingPath + [k])
    }
    func decode(_ t: String.Type, forKey k: Key) throws -> String {
        try JSONScalar.decode(t, try value(k), codingPath + [k])
    }
    func decode(_ t: Double.Type, forKey k: Key) throws -> Double {
        try JSONScalar.decode(t, try value(k), codingPath + [k])
    }
    func decode(_ t: Float.Type, forKey k: Key) throws -> Float {
        try JSONScalar.decode(t, try value(k), codingPath + [k])
    }
    func decode(_ t: Int.Type, forKey k: Key) throws -> Int { try JSONScalar.decode(t, try value(k), codingPath + [k]) }
    func decode(_ t: Int8.Type, forKey k: Key) throws -> Int8 {
        try JSONScalar.decode(t, try value(k), codingPath + [k])
    }
    func decode(_ t: Int16.Type, forKey k: Key) throws -> Int16 {
        try JSONScalar.decode(t, try value(k), codingPath + [k])
    }
    func decode(_ t: Int32.Type, forKey k: Key) throws -> Int32 {
        try JSONScalar.decode(t, try value(k), codingPath + [k])
    }
    func decode(_ t: Int64.Type, forKey k: Key) throws -> Int64 {
        try JSONScalar.decode(t, try value(k), codingPath + [k])
    }
    func decode(_ t: UInt.Type, forKey k: Key) throws -> UInt {
        try JSONScalar.decode(t, try value(k), codingPath + [k])
    }
    func decode(_ t: UInt8.Type, forKey k: Key) throws -> UInt8 {
        try JSONScalar.decode(t, try value(k), codingPath + [k])
    }
    func decode(_ t: UInt16.Type, forKey k: Key) throws -> UInt16 {
        try JSONScalar.decode(t, try value(k), codingPath + [k])
    }
    func decode(_ t: UInt32.Type, forKey k: Key) throws -> UInt32 {
        try JSONScalar.decode(t, try value(k), codingPath + [k])
    }
    func decode(_ t: UInt64.Type, forKey k: Key) throws -> UInt64 {
        try JSONScalar.decode(t, try value(k), codingPath + [k])
    }
}

extension UnkeyedJSONDecodingContainer {
    mutating func decode(_ t: Bool.Type) throws -> Bool { try JSONScalar.decode(t, try next(t), codingPath) }
    mutating func decode(_ t: String.Type) throws -> String { try JSONScalar.decode(t, try next(t), codingPath) }
    mutating func decode(_ t: Double.Type) throws -> Double { try JSONScalar.decode(t, try next(t), codingPath) }
    mutating func decode(_ t: Float.Type) throws -> Float { try JSONScalar.decode(t, try next(t), codingPath) }
    mutating func decode(_ t: Int.Type) throws -> Int { try JSONScalar.decode(t, try next(t), codingPath) }
    mutating func decode(_ t: Int8.Type) throws -> Int8 { try JSONScalar.decode(t, try next(t), codingPath) }
    mutating func decode(_ t: Int16.Type) throws -> Int16 { try JSONScalar.decode(t, try next(t), codingPath) }
    mutating func decode(_ t: Int32.Type) throws -> Int32 { try JSONScalar.decode(t, try next(t), codingPath) }
    mutating func decode(_ t: Int64.Type) throws -> Int64 { try JSONScalar.decode(t, try next(t), codingPath) }
    mutating func decode(_ t: UInt.Type) throws -> UInt { try JSONScalar.decode(t, try next(t), codingPath) }
    mutating func decode(_ t: UInt8.Type) throws -> UInt8 { try JSONScalar.decode(t, try next(t), codingPath) }
    mutating func decode(_ t: UInt16.Type) throws -> UInt16 { try JSONScalar.decode(t, try next(t), codingPath) }
    mutating func decode(_ t: UInt32.Type) throws -> UInt32 { try JSONScalar.decode(t, try next(t), codingPath) }
    mutating func decode(_ t: UInt64.Type) throws -> UInt64 { try JSONScalar.decode(t, try next(t), codingPath) }
}

extension SingleJSONDecodingContainer {
    func decode(_ t: Bool.Type) throws -> Bool { try JSONScalar.decode(t, value, codingPath) }
    func decode(_ t: String.Type) throws -> String { try JSONScalar.decode(t, value, codingPath) }
    func decode(_ t: Double.Type) throws -> Double { try JSONScalar.decode(t, value, codingPath) }
    func decode(_ t: Float.Type) throws -> Float { try JSONScalar.decode(t, value, codingPath) }
    func decode(_ t: Int.Type) throws -> Int { try JSONScalar.decode(t, value, codingPath) }
    func decode(_ t: Int8.Type) throws -> Int8 { try JSONScalar.decode(t, value, codingPath) }
    func decode(_ t: Int16.Type) throws -> Int16 { try JSONScalar.decode(t, value, codingPath) }
    func decode(_ t: Int32.Type) throws -> Int32 { try JSONScalar.decode(t, value, codingPath) }
    func decode(_ t: Int64.Type) throws -> Int64 { try JSONScalar.decode(t, value, codingPath) }
    func decode(_ t: UInt.Type) throws -> UInt { try JSONScalar.decode(t, value, codingPath) }
    func decode(_ t: UInt8.Type) throws -> UInt8 { try JSONScalar.decode(t, value, codingPath) }
    func decode(_ t: UInt16.Type) throws -> UInt16 { try JSONScalar.decode(t, value, codingPath) }
    func decode(_ t: UInt32.Type) throws -> UInt32 { try JSONScalar.decode(t, value, codingPath) }
    func decode(_ t: UInt64.Type) throws -> UInt64 { try JSONScalar.decode(t, value, codingPath) }
}
