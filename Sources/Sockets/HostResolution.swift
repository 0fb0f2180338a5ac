import Glibc

extension SocketAddress {
    /// The TCP addresses of `host` at `port`, resolved by the system (getaddrinfo: /etc/hosts, DNS, mDNS where
    /// nss-mdns is set up). Blocks: call it from a thread of its own (the Snapcast sender), never the daemon's
    /// main queue. Numeric addresses and "localhost" do not touch the resolver.
    public static func resolving(host: String, port: UInt16) throws(SocketAddressError) -> [SocketAddress] {
        let text = host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
        // Numeric or localhost: no resolver (a name makes `addresses` refuse, and the resolver decides).
        if let known = try? addresses(parsing: text) { return known }
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_family = AF_UNSPEC
        var list: UnsafeMutablePointer<addrinfo>?
        let rc = getaddrinfo(host, String(port), &hints, &list)
        guard rc == 0 else {
            throw SocketAddressError(text: host, reason: String(cString: gai_strerror(rc)))
        }
        defer { freeaddrinfo(list) }
        var found: [SocketAddress] = []
        var entry = list
        while let e = entry {
            if let sa = e.pointee.ai_addr {
                switch e.pointee.ai_family {
                case AF_INET:
                    let v4 = UnsafeRawPointer(sa).loadUnaligned(as: sockaddr_in.self)
                    found.append(.ipv4(IPv4Address(UInt32(bigEndian: v4.sin_addr.s_addr)), port: port))
                case AF_INET6:
                    let v6 = UnsafeRawPointer(sa).loadUnaligned(as: sockaddr_in6.self)
                    found.append(.ipv6(IPv6Address(v6.sin6_addr), port: port))
                default:
                    break
                }
            }
            entry = e.pointee.ai_next
        }
        guard !found.isEmpty else { throw SocketAddressError(text: host, reason: "no TCP address") }
        return found
    }
}
