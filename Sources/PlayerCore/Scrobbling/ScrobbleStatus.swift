/// What `linnet scrobble status` and the Scrobbler interface show: whether scrobbling is on, and per service
/// whether it is set up, how many listens wait and the last error.
public struct ScrobbleStatus: Sendable, Hashable {
    public var enabled: Bool
    public var services: [Service]
    /// Submit radio titles too (`scrobble-streams`).
    public var streams: Bool

    public struct Service: Sendable, Hashable {
        public var service: ScrobbleService
        /// Set up in linnetd.conf (Last.fm: key, secret and a session).
        public var configured: Bool
        public var pending: Int
        /// The last failure, "" when the last request went through.
        public var lastError: String
        /// Held until new credentials (a refused token or session).
        public var held: Bool
        public init(service: ScrobbleService, configured: Bool, pending: Int, lastError: String, held: Bool) {
            (self.service, self.configured, self.pending, self.lastError, self.held) =
                (service, configured, pending, lastError, held)
        }
    }

    public init(enabled: Bool = true, services: [Service] = [], streams: Bool = false) {
        self.enabled = enabled
        self.services = services
        self.streams = streams
    }

    /// Listens waiting, over every service (one listen for two services counts twice).
    public var pending: Int { services.reduce(0) { $0 + $1.pending } }

    /// The most recent service's error ("" when none has one).
    public var lastError: String {
        services.lazy.filter { !$0.lastError.isEmpty }.map { "\($0.service.displayName): \($0.lastError)" }.first
            ?? ""
    }
}
