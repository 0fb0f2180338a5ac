/// MPD's permission levels: what a client may do, given by the password it sent or the server's defaults.
public enum MPDPermission: String, Sendable, Hashable, CaseIterable {
    case read, add, control, admin

    /// Parses `read,add,control,admin` (any subset, comma-separated), as MPD's configuration writes them.
    public static func parseList(_ text: String) -> Set<MPDPermission>? {
        var out = Set<MPDPermission>()
        for part in text.split(separator: ",") {
            guard let p = MPDPermission(rawValue: part.trimmingCharacters()) else { return nil }
            out.insert(p)
        }
        return out
    }
}

/// Passwords and what they grant (`mpd-password = SECRET@read,add,control,admin` in linnetd.conf, repeatable),
/// and what a client has before sending one.
public struct MPDAccess: Sendable, Equatable {
    public var passwords: [String: Set<MPDPermission>] = [:]
    /// Without passwords every client may do everything (as MPD); with them, this (`mpd-default-permissions`).
    public var defaultPermissions: Set<MPDPermission> = Set(MPDPermission.allCases)

    public init() {}

    /// Parses one `SECRET@PERMISSIONS` line (the secret may not be empty; `@` splits at its last occurrence).
    public mutating func addPassword(_ line: String) -> Bool {
        guard let at = line.lastIndex(of: "@"), at != line.startIndex,
            let permissions = MPDPermission.parseList(String(line[line.index(after: at)...]))
        else { return false }
        passwords[String(line[..<at])] = permissions
        return true
    }
}

extension Substring {
    fileprivate func trimmingCharacters() -> String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
