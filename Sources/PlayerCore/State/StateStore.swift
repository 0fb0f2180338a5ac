import Glibc

/// A failure saving or loading the state file, with the operation, path and errno (when there is one).
public struct StateStoreError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Operation: String, Sendable, Hashable {
        case createDirectory, open, write, fsync, rename, read, decode, encode, moveAside, locate
    }

    public var operation: Operation
    public var path: String
    public var errno: Int32?
    public var message: String

    public init(_ operation: Operation, path: String, errno: Int32? = nil, message: String = "") {
        self.operation = operation
        self.path = path
        self.errno = errno
        self.message = message
    }

    public var description: String {
        var s = "state file \(operation.rawValue) failed for \(path)"
        if let errno { s += ": " + String(cString: strerror(errno)) }
        if !message.isEmpty { s += ": " + message }
        return s
    }
}

/// What `StateStore.load` found. A bad file is never fatal: it is reported and set aside.
public enum StateLoadResult: Sendable, Hashable {
    case loaded(PlayerState)
    /// No state file yet (first run).
    case missing
    /// The file could not be read or decoded; it was renamed to `movedTo` (nil if even that failed).
    case setAside(StateStoreError, movedTo: String?)
}

/// The state file of earlier versions: linnetd now keeps its state in SQLite (`QueueStore`) and reads this only
/// to migrate it once. Saves and restores `PlayerState` as JSON at `<directory>/state.json`, atomically: the new content goes to a
/// temporary file in the same directory, is fsync'ed, renamed over the old file, and the directory is fsync'ed,
/// so a crash leaves either the old or the new file, never a half-written one.
/// Calls must not overlap (the temporary file name is per process): the service saves from one serial queue.
public struct StateStore: Sendable {
    public let directory: String
    public var path: String { directory + "/state.json" }

    public init(directory: String) { self.directory = directory }

    /// `$XDG_STATE_HOME/linnet`, else `$HOME/.local/state/linnet` (XDG Base Directory spec; relative values ignored).
    public static func defaultDirectory(environment: [String: String]) throws(StateStoreError) -> String {
        if let xdg = environment["XDG_STATE_HOME"], xdg.hasPrefix("/") { return xdg + "/linnet" }
        if let home = environment["HOME"], home.hasPrefix("/") { return home + "/.local/state/linnet" }
        throw StateStoreError(.locate, path: "", message: "neither XDG_STATE_HOME nor HOME is an absolute path")
    }

    /// Writes `state` atomically.
    public func save(_ state: PlayerState) throws(StateStoreError) {
        let bytes: [UInt8]
        do {
            // Compact (a 10k-entry queue is ~1 MB), sorted keys so successive files diff cleanly.
            bytes = try JSONValueEncoder.encode(state).serialized()
        } catch {
            throw StateStoreError(.encode, path: path, message: "\(error)")
        }
        if let code = FileIO.createDirectories(directory) {
            throw StateStoreError(.createDirectory, path: directory, errno: code)
        }
        let temporary = path + ".tmp-\(getpid())"
        try writeDurably(bytes, to: temporary)
        guard rename(temporary, path) == 0 else {
            let e = errno
            unlink(temporary)
            throw StateStoreError(.rename, path: path, errno: e)
        }
        // Make the rename itself durable.
        let dir = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if dir >= 0 {
            defer { close(dir) }
            guard fsync(dir) == 0 else { throw StateStoreError(.fsync, path: directory, errno: errno) }
        }
    }

    /// Reads the state back. `nowMilliseconds` (Unix time; default: the clock) names the set-aside file
    /// (`state.json.corrupt-<unix ms>`).
    public func load(nowMilliseconds: Int64? = nil) -> StateLoadResult {
        let now = nowMilliseconds ?? Self.unixMilliseconds()
        let bytes: [UInt8]
        switch readAll(path) {
        case .success(let b): bytes = b
        case .failure(let error):
            if error.errno == ENOENT { return .missing }
            return .setAside(error, movedTo: moveAside(now: now))
        }
        do {
            let state = try JSONValueDecoder.decode(PlayerState.self, from: try JSONParser.parse(bytes))
            return .loaded(state)
        } catch {
            let failure = StateStoreError(.decode, path: path, message: "\(error)")
            return .setAside(failure, movedTo: moveAside(now: now))
        }
    }

    // MARK: - Private

    private func writeDurably(_ bytes: [UInt8], to file: String) throws(StateStoreError) {
        let fd = open(file, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw StateStoreError(.open, path: file, errno: errno) }
        var failure: StateStoreError?
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                failure = StateStoreError(.write, path: file, errno: errno)
                break
            }
            offset += n
        }
        if failure == nil && fsync(fd) != 0 { failure = StateStoreError(.fsync, path: file, errno: errno) }
        close(fd)
        if let failure {
            unlink(file)
            throw failure
        }
    }

    private func readAll(_ file: String) -> Result<[UInt8], StateStoreError> {
        // A state file over 64 MiB is not ours; refuse rather than exhaust memory.
        let limit = 64 << 20
        switch FileIO.read(file, upTo: limit + 1) {
        case .failure(let failure): return .failure(StateStoreError(.read, path: file, errno: failure.errno))
        case .success(let bytes) where bytes.count > limit:
            return .failure(StateStoreError(.read, path: file, message: "larger than 64 MiB"))
        case .success(let bytes): return .success(bytes)
        }
    }

    private static func unixMilliseconds() -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return Int64(ts.tv_sec) * 1000 + Int64(ts.tv_nsec) / 1_000_000
    }

    private func moveAside(now stamp: Int64) -> String? {
        let target = path + ".corrupt-\(stamp)"
        return rename(path, target) == 0 ? target : nil
    }
}
