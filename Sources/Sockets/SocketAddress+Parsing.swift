import FileSystem
import Glibc

// Names are not resolved: getaddrinfo blocks (on DNS, NSS modules) and the daemon's whole service runs on one
// thread. Numeric addresses and "localhost" cover what a local music daemon listens on.

extension SocketAddress {
    /// One address from text: "127.0.0.1:6600", "[::1]:6600", "/path/to.socket" or "unix:/path/to.socket".
    /// Without a port ("127.0.0.1", "[::1]", "::1") `defaultPort` is used, and the text is refused without one.
    /// "localhost" names two addresses: use `addresses(parsing:defaultPort:)` for it.
    public init(parsing text: String, defaultPort: UInt16? = nil) throws(SocketAddressError) {
        let all = try Self.addresses(parsing: text, defaultPort: defaultPort)
        guard all.count == 1 else { throw SocketAddressError(text: text, reason: "names more than one address") }
        self = all[0]
    }

    /// The addresses text names: one for a numeric address or a path, 127.0.0.1 and ::1 for "localhost", and
    /// 0.0.0.0 and :: for "any" (each with the text's port, or `defaultPort`). Other host names are refused.
    public static func addresses(parsing text: String, defaultPort: UInt16? = nil) throws(SocketAddressError)
        -> [SocketAddress]
    {
        func fail(_ reason: String) -> SocketAddressError { SocketAddressError(text: text, reason: reason) }
        if text.hasPrefix("/") { return [try unix(text, path: text)] }
        if text.hasPrefix("unix:") { return [try unix(text, path: String(text.dropFirst(5)))] }
        if let bare = IPv6Address(parsing: text) {  // "::1" without brackets: the colons are the address's own
            guard let defaultPort else { throw fail("no port") }
            return [.ipv6(bare, port: defaultPort)]
        }
        let (host, portText) = try split(text, fail)
        let port: UInt16
        if let portText {
            guard !portText.isEmpty, portText.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
                throw fail("port is not a number")
            }
            guard let value = UInt16(portText) else { throw fail("port out of range") }
            port = value
        } else {
            guard let defaultPort else { throw fail("no port") }
            port = defaultPort
        }
        if host.bracketed {
            guard let address = IPv6Address(parsing: host.name) else { throw fail("not an IPv6 address") }
            return [.ipv6(address, port: port)]
        }
        if let address = IPv4Address(parsing: host.name) { return [.ipv4(address, port: port)] }
        switch host.name.lowercased() {
        case "localhost": return [.ipv4(.loopback, port: port), .ipv6(.loopback, port: port)]
        case "any", "*": return [.ipv4(.any, port: port), .ipv6(.any, port: port)]
        case "": throw fail("no host")
        default: throw fail("only numeric addresses, localhost and any are taken (names are not resolved)")
        }
    }

    /// A Unix socket path from text; it must be absolute and fit sun_path.
    private static func unix(_ text: String, path: String) throws(SocketAddressError) -> SocketAddress {
        let path = FilePath(path)
        guard path.bytes.first == UInt8(ascii: "/") else {
            throw SocketAddressError(text: text, reason: "a Unix socket path must be absolute")
        }
        guard path.bytes.count <= maximumUnixPathLength else {
            throw SocketAddressError(text: text, reason: "longer than \(maximumUnixPathLength) bytes")
        }
        guard !path.bytes.contains(0) else { throw SocketAddressError(text: text, reason: "contains NUL") }
        return .unix(path)
    }

    /// "host:port", "[v6]:port", "[v6]" or "host" into the host (and whether it was bracketed) and the port text.
    private static func split(_ text: String, _ fail: (String) -> SocketAddressError) throws(SocketAddressError)
        -> (host: (name: String, bracketed: Bool), port: String?)
    {
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { throw fail("no closing bracket") }
            let name = String(text[text.index(after: text.startIndex)..<close])
            let rest = text[text.index(after: close)...]
            if rest.isEmpty { return ((name, true), nil) }
            guard rest.hasPrefix(":") else { throw fail("text after the closing bracket") }
            return ((name, true), String(rest.dropFirst()))
        }
        guard let colon = text.lastIndex(of: ":") else { return ((text, false), nil) }
        return ((String(text[..<colon]), false), String(text[text.index(after: colon)...]))
    }

    /// `relative` (e.g. "linnet/mpd.socket") in $XDG_RUNTIME_DIR; nil when the variable is unset, empty or
    /// relative (the daemon then has no default Unix socket).
    public static func inRuntimeDirectory(_ relative: String) throws(SocketAddressError) -> SocketAddress? {
        guard let base = getenv("XDG_RUNTIME_DIR").map({ String(cString: $0) }), base.hasPrefix("/") else {
            return nil
        }
        return try unix(relative, path: base + (base.hasSuffix("/") ? "" : "/") + relative)
    }
}
