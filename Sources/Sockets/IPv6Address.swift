import Glibc

/// An IPv6 address: its 16 bytes in network order.
public struct IPv6Address: Hashable, Sendable, CustomStringConvertible {
    /// The address's bytes; always 16.
    public let bytes: [UInt8]

    /// The address of these 16 bytes; nil for any other count.
    public init?(bytes: [UInt8]) {
        guard bytes.count == 16 else { return nil }
        self.bytes = bytes
    }

    /// ::1.
    public static let loopback = IPv6Address(bytes: Array(repeating: 0, count: 15) + [1])!
    /// ::, every local address.
    public static let any = IPv6Address(bytes: Array(repeating: 0, count: 16))!

    /// Text form ("::1", "2001:db8::7", "::ffff:127.0.0.1"), parsed by inet_pton (no brackets, no zone).
    public init?(parsing text: String) {
        var address = in6_addr()
        guard inet_pton(AF_INET6, text, &address) == 1 else { return nil }
        self.init(address)
    }

    init(_ address: in6_addr) {
        bytes = withUnsafeBytes(of: address) { Array($0) }
    }

    /// ::1, or an IPv4-mapped loopback address (::ffff:127.x.y.z, what a dual-stack socket reports).
    public var isLoopback: Bool {
        if self == .loopback { return true }
        return mappedIPv4?.isLoopback ?? false
    }

    /// The IPv4 address inside an IPv4-mapped address (::ffff:a.b.c.d), nil otherwise.
    public var mappedIPv4: IPv4Address? {
        guard bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xFF, bytes[11] == 0xFF else { return nil }
        return IPv4Address(bytes[12..<16].reduce(0) { $0 << 8 | UInt32($1) })
    }

    /// The canonical text form (inet_ntop).
    public var description: String {
        var address = cValue
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        guard inet_ntop(AF_INET6, &address, &text, socklen_t(text.count)) != nil else { return "?" }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The C form.
    var cValue: in6_addr {
        var address = in6_addr()
        withUnsafeMutableBytes(of: &address) { $0.copyBytes(from: bytes) }
        return address
    }
}
