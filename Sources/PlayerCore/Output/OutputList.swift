/// The sound outputs linnetd has and which of them play, as MPD's `outputs` and the Route interface list them:
/// the local sound server's sink and any Snapcast streams. At least one output stays enabled (a player with none
/// could only fail). The first enabled output in the list is the clock the engine follows (`leader`): the local
/// sink when it plays, else the first Snapcast stream, which is then paced by the wall clock.
public struct OutputList: Sendable, Hashable {
    /// One output.
    public struct Output: Sendable, Hashable {
        /// Stable for the daemon's life: the position in the configuration, from 0.
        public var id: Int
        /// "local", or "snapcast" (then "snapcast-2", … when there are several).
        public var name: String
        public var kind: Kind
        public var enabled: Bool
    }

    /// What an output is.
    public enum Kind: Sendable, Hashable {
        /// The sound server's sink (PulseAudio or PipeWire's pulse server).
        case local
        /// A Snapcast stream.
        case snapcast(SnapcastEndpoint)

        /// "pulse" / "snapcast", as MPD's `plugin` line says.
        public var plugin: String {
            switch self {
            case .local: "pulse"
            case .snapcast: "snapcast"
            }
        }
    }

    public private(set) var outputs: [Output]

    /// The local output (enabled unless `localEnabled` is false) followed by the Snapcast streams, enabled.
    public init(localEnabled: Bool = true, snapcast: [SnapcastEndpoint] = []) {
        outputs = [Output(id: 0, name: "local", kind: .local, enabled: localEnabled || snapcast.isEmpty)]
        for (i, endpoint) in snapcast.enumerated() {
            outputs.append(
                Output(
                    id: i + 1, name: i == 0 ? "snapcast" : "snapcast-\(i + 1)", kind: .snapcast(endpoint), enabled: true
                ))
        }
    }

    /// The output named or numbered by `key` (a name, or the id as MPD clients send it).
    public func find(_ key: String) -> Output? {
        outputs.first { $0.name == key.lowercased() } ?? Int(key).flatMap { id in outputs.first { $0.id == id } }
    }

    /// Enables or disables the output; refuses to disable the last enabled one. Returns whether anything changed.
    @discardableResult
    public mutating func setEnabled(_ enabled: Bool, id: Int) throws(OutputListError) -> Bool {
        guard let i = outputs.firstIndex(where: { $0.id == id }) else { throw .unknown(String(id)) }
        guard outputs[i].enabled != enabled else { return false }
        if !enabled && outputs.filter(\.enabled).count == 1 { throw .lastEnabled(outputs[i].name) }
        outputs[i].enabled = enabled
        return true
    }

    /// The output the engine's clock follows: the first enabled one.
    public var leader: Output { outputs.first(where: \.enabled) ?? outputs[0] }

    /// Whether the local sink plays.
    public var localEnabled: Bool { outputs[0].enabled }

    /// The Snapcast streams that play.
    public var enabledSnapcast: [Output] { outputs.filter { $0.enabled && $0.kind != .local } }
}

/// Why an output cannot be switched.
public enum OutputListError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No output has that name or id.
    case unknown(String)
    /// It is the only one playing.
    case lastEnabled(String)

    public var description: String {
        switch self {
        case .unknown(let key): "no output '\(key)' (see `linnet output list`)"
        case .lastEnabled(let name): "'\(name)' is the only enabled output; enable another one first"
        }
    }
}
