import FileSystem
import Glibc

extension SocketAddress {
    /// The address family (AF_INET, AF_INET6, AF_UNIX).
    var family: Int32 {
        switch self {
        case .ipv4: AF_INET
        case .ipv6: AF_INET6
        case .unix: AF_UNIX
        }
    }

    /// Calls `body` with the address as a C `sockaddr` and its length. A Unix path too long for sun_path fails
    /// with ENAMETOOLONG rather than being cut.
    func withCAddress<R>(_ body: (UnsafePointer<sockaddr>, socklen_t) -> R) -> Result<R, Errno> {
        switch self {
        case .ipv4(let address, let port):
            var c = sockaddr_in()
            c.sin_family = sa_family_t(AF_INET)
            c.sin_port = port.bigEndian
            c.sin_addr = address.cValue
            return .success(Self.call(&c, body))
        case .ipv6(let address, let port):
            var c = sockaddr_in6()
            c.sin6_family = sa_family_t(AF_INET6)
            c.sin6_port = port.bigEndian
            c.sin6_addr = address.cValue
            return .success(Self.call(&c, body))
        case .unix(let path):
            var c = sockaddr_un()
            c.sun_family = sa_family_t(AF_UNIX)
            let capacity = MemoryLayout.size(ofValue: c.sun_path)
            guard path.bytes.count < capacity else { return .failure(Errno(ENAMETOOLONG)) }
            withUnsafeMutableBytes(of: &c.sun_path) { $0.copyBytes(from: path.bytes) }
            // The length covers the path and its NUL, as the kernel reports it back.
            let length = MemoryLayout<sa_family_t>.size + path.bytes.count + 1
            return .success(
                withUnsafePointer(to: &c) { pointer in
                    pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(length)) }
                })
        }
    }

    private static func call<C, R>(_ c: inout C, _ body: (UnsafePointer<sockaddr>, socklen_t) -> R) -> R {
        withUnsafePointer(to: &c) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                body($0, socklen_t(MemoryLayout<C>.size))
            }
        }
    }

    /// The address in a `sockaddr_storage` the kernel filled (`length` bytes of it); nil for a family this layer
    /// does not speak. Lengths are clamped to the storage, so no value from the kernel traps.
    init?(storage: sockaddr_storage, length: socklen_t) {
        let size = min(Int(clamping: length), MemoryLayout<sockaddr_storage>.size)
        let family = Int32(storage.ss_family)
        let parsed: SocketAddress? = withUnsafeBytes(of: storage) { raw in
            switch family {
            case AF_INET where size >= MemoryLayout<sockaddr_in>.size:
                let c = raw.loadUnaligned(as: sockaddr_in.self)
                return .ipv4(IPv4Address(UInt32(bigEndian: c.sin_addr.s_addr)), port: UInt16(bigEndian: c.sin_port))
            case AF_INET6 where size >= MemoryLayout<sockaddr_in6>.size:
                let c = raw.loadUnaligned(as: sockaddr_in6.self)
                return .ipv6(IPv6Address(c.sin6_addr), port: UInt16(bigEndian: c.sin6_port))
            case AF_UNIX:
                let offset = MemoryLayout<sa_family_t>.size
                let path = raw[offset..<max(offset, size)].prefix { $0 != 0 }
                return .unix(FilePath(bytes: Array(path)))
            default:
                return nil
            }
        }
        guard let parsed else { return nil }
        self = parsed
    }
}

/// An errno value, for the address conversions that fail before any call is made.
struct Errno: Error {
    var code: Int32
    init(_ code: Int32) { self.code = code }
}
