import FileSystem
import Glibc
import PlayerCore

/// A failure saving or loading the state file, with the operation, path and errno (when there is one).
public struct StateStoreError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Operation: String, Sendable, Hashable {
        case read, decode, moveAside, locate
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

/// The state file of earlier versions (`<directory>/state.json`, `PlayerState` as JSON): linnetd keeps its state in
/// SQLite now (`QueueDatabase`) and reads this only to migrate it once, so there is a reader and no writer.
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

    private func readAll(_ file: String) -> Result<[UInt8], StateStoreError> {
        // A state file over 64 MiB is not ours; refuse rather than exhaust memory.
        let limit = 64 << 20
        let bytes: [UInt8]
        do {
            bytes = try FilePath(file).read(upTo: limit + 1)
        } catch {
            return .failure(StateStoreError(.read, path: file, errno: error.errno))
        }
        guard bytes.count <= limit else {
            return .failure(StateStoreError(.read, path: file, message: "larger than 64 MiB"))
        }
        return .success(bytes)
    }

    private static func unixMilliseconds() -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return Int64(ts.tv_sec) * 1000 + Int64(ts.tv_nsec) / 1_000_000
    }

    private func moveAside(now stamp: Int64) -> String? {
        let target = path + ".corrupt-\(stamp)"
        return (try? FilePath(path).rename(to: FilePath(target))) != nil ? target : nil
    }
}
