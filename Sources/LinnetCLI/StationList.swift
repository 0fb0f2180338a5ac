/// `linnet radio`'s station list as the client sees it (pure: checking, rendering); linnetd keeps it in the
/// library database.
public struct StationList: Sendable, Equatable {
    public struct Station: Sendable, Equatable {
        public var name: String
        public var url: String
    }

    public private(set) var stations: [Station] = []

    public init() {}

    /// Station names match without regard to case.
    public func station(named name: String) -> Station? {
        stations.first { $0.name.lowercased() == name.lowercased() }
    }

    /// Adds or replaces `name`; returns why not when the name or URL is unusable.
    public mutating func add(name: String, url: String) -> String? {
        if let p = Self.problem(name: name, url: url) { return p }
        if let i = stations.firstIndex(where: { $0.name.lowercased() == name.lowercased() }) {
            stations[i].url = url
        } else {
            stations.append(Station(name: name, url: url))
        }
        return nil
    }

    /// Why `add` would refuse `name`/`url`, without changing the list (nil when it would not).
    public func adding(name: String, url: String) -> String? { Self.problem(name: name, url: url) }

    /// Removes `name`; false when there is no such station.
    public mutating func remove(name: String) -> Bool {
        let before = stations.count
        stations.removeAll { $0.name.lowercased() == name.lowercased() }
        return stations.count != before
    }

    static func problem(name: String, url: String) -> String? {
        if name.isEmpty || name.contains("\t") || name.contains("\n") {
            return "a station name must be one line of text"
        }
        let lower = url.lowercased()
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://"), !url.contains("\n"), !url.contains("\t") else {
            return "'\(url)' is not an http:// or https:// URL"
        }
        return nil
    }

    /// `linnet radio list`: `NAME  URL` with the names padded to one column.
    public var listing: String {
        let width = stations.map(\.name.count).max() ?? 0
        return stations.map { $0.name + String(repeating: " ", count: width - $0.name.count) + "  " + $0.url + "\n" }
            .joined()
    }
}

/// `linnet radio …`.
public enum RadioRequest: Sendable, Equatable {
    case list
    case add(name: String, url: String)
    case remove(name: String)
    case play(name: String)
}
