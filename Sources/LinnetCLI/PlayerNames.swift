/// MPRIS bus names and how `--player NAME` picks one (as playerctl does).
public enum PlayerNames {
    /// Every MPRIS player's bus name starts with this.
    public static let prefix = "org.mpris.MediaPlayer2."

    /// The short name of an MPRIS bus name (`org.mpris.MediaPlayer2.mpv` → `mpv`); nil for other names.
    public static func shortName(of busName: String) -> String? {
        guard busName.hasPrefix(prefix), busName.count > prefix.count else { return nil }
        return String(busName.dropFirst(prefix.count))
    }

    /// The MPRIS players among `names` (from ListNames), sorted by bus name.
    public static func players(in names: [String]) -> [String] {
        names.filter { shortName(of: $0) != nil }.sorted()
    }

    /// The bus name for `requested`: `org.mpris.MediaPlayer2.NAME` when running, else its first running
    /// `.instanceN`, else the plain name when the bus can start it (activation). Nil when there is none.
    public static func resolve(_ requested: String, running: [String], activatable: [String] = []) -> String? {
        let exact = prefix + requested
        if running.contains(exact) { return exact }
        let instances = running.filter { name in
            guard name.hasPrefix(exact + ".instance") else { return false }
            let suffix = name.dropFirst(exact.count + ".instance".count)
            return !suffix.isEmpty && suffix.allSatisfy(\.isNumber)
        }
        if let first = instances.min(by: instanceOrder) { return first }
        if activatable.contains(exact) { return exact }
        return nil
    }

    /// Orders `.instanceN` names by N numerically (instance9 before instance10).
    private static func instanceOrder(_ a: String, _ b: String) -> Bool {
        func number(_ s: String) -> Int { Int(String(s.reversed().prefix(while: \.isNumber).reversed())) ?? Int.max }
        return (number(a), a) < (number(b), b)
    }
}
