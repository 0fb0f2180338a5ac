// The Codable decoding containers' one-line-per-primitive-type boilerplate, forwarding to the generic paths in
// JSONValueDecoder.swift.

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
