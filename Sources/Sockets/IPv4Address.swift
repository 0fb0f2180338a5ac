import Glibc

/// An IPv4 address, held as its 32 bits in host order (127.0.0.1 is 0x7F00_0001).
public struct IPv4Address: Hashable, Sendable, CustomStringConvertible {
    /// The address's bits, most significant octet first.
    public var value: UInt32

    public init(_ value: UInt32) { self.value = value }

    /// 127.0.0.1.
    public static let loopback = IPv4Address(0x7F00_0001)
    /// 0.0.0.0: every local address.
    public static let any = IPv4Address(0)

    /// A dotted quad ("192.0.2.7"), parsed by inet_pton: exactly four decimal octets, nothing else.
    public init?(parsing text: String) {
        var address = in_addr()
        guard inet_pton(AF_INET, text, &address) == 1 else { return nil }
        value = UInt32(bigEndian: address.s_addr)
    }

    /// In 127.0.0.0/8.
    public var isLoopback: Bool { value >> 24 == 127 }

    /// The dotted quad.
    public var description: String {
        [24, 16, 8, 0].map { String((value >> UInt32($0)) & 0xFF) }.joined(separator: ".")
    }

    /// The C form (network byte order).
    var cValue: in_addr { in_addr(s_addr: value.bigEndian) }
}
