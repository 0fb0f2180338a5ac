import LineServer
import MPDProtocol
import Sockets

/// The MPD front end: listens where it is told (`mpd = …` in linnetd.conf, `--mpd`), gives every client an
/// `MPDSession` on the shared backend, and tells idle clients what changed.
@MainActor
public final class MPDServer {
    /// Limits and timeouts of the front end.
    public struct Configuration: Sendable {
        public var maxConnections = 32
        /// A client that sends nothing this long is disconnected (not while in `idle`), as MPD's connection_timeout.
        public var idleTimeout: Duration? = .seconds(60)
        public var maxLineLength = 64 * 1024
        /// Passwords and default permissions.
        public var access = MPDAccess()
        public init() {}
    }

    let backend: any MPDBackend
    /// The library, once it is open (nil: an empty database). Set by the service after the bus name is taken.
    public var library: (any MPDLibraryBackend)? {
        didSet {
            songIndexCache = nil
            libraryChanged()
        }
    }
    /// The library's songs for the database commands, built when a client first asks and kept until the database
    /// changes (`database` noted): clients such as mpc connect for each command, and each would wait for the
    /// build (0.35 s for 20,000 songs). Memory only MPD clients cost: ~2 MB for 20,000 songs.
    private var songIndexCache: MPDSongIndex?
    /// When the server started (`stats`' uptime).
    let started = ContinuousClock.now
    let configuration: Configuration
    private var server: LineServer!
    private var sessions: [ObjectIdentifier: MPDSession] = [:]
    /// The queue's version and each position's (`playlist`, `plchanges`), tracked while clients are connected.
    private(set) var versions = MPDQueueVersions()
    private var lastStatus: MPDPlayerStatus?
    /// Which outputs were enabled at the last change (an `output` idle when it differs).
    private var lastOutputs: [Bool]?
    private let log: @MainActor (String) -> Void

    public init(
        backend: any MPDBackend, configuration: Configuration = Configuration(),
        log: @escaping @MainActor (String) -> Void
    ) {
        self.backend = backend
        self.configuration = configuration
        self.log = log
        let lines = LineServerConfiguration(
            maxConnections: configuration.maxConnections,
            refusalMessage: Array("ACK [\(MPDAckCode.system.rawValue)@0] {} too many clients\n".utf8),
            maxLineLength: configuration.maxLineLength, idleTimeout: configuration.idleTimeout)
        server = LineServer(configuration: lines) { [unowned self] connection in
            let session = MPDSession(server: self, connection: connection)
            if sessions.isEmpty { startTracking() }
            sessions[ObjectIdentifier(session)] = session
            return session
        }
        server.onError = { [log] error in log("mpd: \(error)") }
    }

    /// Listens on `address`; returns the address as bound (port 0 becomes the real port).
    public func listen(on address: SocketAddress) throws(SocketError) -> SocketAddress {
        try server.listen(on: address)
    }

    /// Closes the listeners and every client.
    public func stop() { server.stop() }

    func sessionEnded(_ session: MPDSession) {
        sessions[ObjectIdentifier(session)] = nil
    }

    /// The library's songs, in path order (empty before the library opens). A reply streaming from it keeps the
    /// version it started with.
    func songIndex() throws(MPDCommandError) -> MPDSongIndex {
        if let cached = songIndexCache { return cached }
        var index = MPDSongIndex()
        try MPDSongPages.forEach(library) { song throws(MPDCommandError) in index.append(song) }
        index.finish()
        songIndexCache = index
        return index
    }

    /// The player published a change: idle clients hear which subsystems changed.
    public func playerChanged() {
        guard !sessions.isEmpty else { return }
        let status = currentStatus
        var changed = Set<MPDIdleSubsystem>()
        if versions.update(ids: backend.mpdQueueIDs) { changed.insert(.playlist) }
        if let last = lastStatus {
            if last.state != status.state || last.currentID != status.currentID { changed.insert(.player) }
            if last.volume != status.volume { changed.insert(.mixer) }
            if last.repeatOn != status.repeatOn || last.randomOn != status.randomOn || last.single != status.single
                || last.consume != status.consume
            {
                changed.insert(.options)
            }
            if (last.updatingJob == nil) != (status.updatingJob == nil) {
                changed.insert(.update)
                if status.updatingJob == nil { changed.insert(.database) }
            }
        }
        lastStatus = status
        let outputs = backend.mpdOutputs.map(\.enabled)
        if let last = lastOutputs, last != outputs { changed.insert(.output) }
        lastOutputs = outputs
        note(changed)
    }

    /// Something clients cannot see in `status` changed (a seek: `player`; the library: `database`…).
    public func note(_ changed: Set<MPDIdleSubsystem>) {
        if changed.contains(.database) { songIndexCache = nil }
        guard !changed.isEmpty else { return }
        for session in sessions.values { session.note(changed) }
    }

    /// The first client connected: versions count from here (nobody could have asked for older ones).
    private func startTracking() {
        versions = MPDQueueVersions()
        _ = versions.update(ids: backend.mpdQueueIDs)
        lastStatus = currentStatus
    }

    /// The player's status with the library's scan job (`updating_db`).
    var currentStatus: MPDPlayerStatus {
        var status = backend.mpdStatus
        status.updatingJob = library?.mpdUpdatingJob
        return status
    }

    /// The library's scan started or ended: `update` (and `database` at its end: the songs may have changed).
    public func libraryChanged() {
        guard !sessions.isEmpty, let last = lastStatus else { return }
        let job = library?.mpdUpdatingJob
        guard (last.updatingJob == nil) != (job == nil) else { return }
        lastStatus?.updatingJob = job
        note(job == nil ? [.update, .database] : [.update])
    }
}
