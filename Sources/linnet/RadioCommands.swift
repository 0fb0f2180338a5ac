import Glibc
import LinnetCLI

/// `linnet radio`: the station list file ($XDG_DATA_HOME/linnet/stations) and what to play from it.
enum RadioCommands {
    static func runLocally(_ request: RadioRequest) throws(ClientError) {
        var list = try load()
        switch request {
        case .list:
            Terminal.out(list.listing)
        case .add(let name, let url):
            if let problem = list.add(name: name, url: url) { throw .stations(problem) }
            try save(list)
        case .remove(let name):
            guard list.remove(name: name) else { throw .stations("no station named '\(name)' (see 'linnet radio list')") }
            try save(list)
        case .play:
            break  // needs the player: Runner calls `url(for:)`
        }
    }

    /// The URL `radio play NAME` opens.
    static func url(for request: RadioRequest) throws(ClientError) -> String {
        guard case .play(let name) = request else { throw .unexpected("not a radio play request") }
        guard let station = try load().station(named: name) else {
            throw .stations("no station named '\(name)' (see 'linnet radio list')")
        }
        return station.url
    }

    static var path: String? {
        if let x = getenv("XDG_DATA_HOME").map({ String(cString: $0) }), x.hasPrefix("/") { return x + "/linnet/stations" }
        if let h = getenv("HOME").map({ String(cString: $0) }), !h.isEmpty { return h + "/.local/share/linnet/stations" }
        return nil
    }

    static func load() throws(ClientError) -> StationList {
        guard let path else { throw .stations("neither XDG_DATA_HOME nor HOME is set: nowhere to keep stations") }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 {
            if errno == ENOENT { return StationList() }
            throw .stations("\(path): \(String(cString: strerror(errno)))")
        }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while bytes.count < 1 << 20 {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            bytes += chunk[..<n]
        }
        return StationList(parsing: String(decoding: bytes, as: UTF8.self))
    }

    /// Writes the list atomically (a temporary file renamed over the old one).
    static func save(_ list: StationList) throws(ClientError) {
        guard let path else { throw .stations("nowhere to keep stations") }
        let directory = String(path[..<path.lastIndex(of: "/")!])
        makeDirectories(directory)
        let temporary = path + ".tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw .stations("\(temporary): \(String(cString: strerror(errno)))") }
        let bytes = Array(list.text.utf8)
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        let ok = written == bytes.count && fsync(fd) == 0
        close(fd)
        guard ok, rename(temporary, path) == 0 else {
            unlink(temporary)
            throw .stations("\(path): could not write the station list")
        }
    }

    private static func makeDirectories(_ directory: String) {
        var current = ""
        for part in directory.split(separator: "/") {
            current += "/" + part
            mkdir(current, 0o755)
        }
    }
}

extension RadioRequest {
    /// list/add/remove only touch the file; play needs a player.
    var needsNoPlayer: Bool {
        if case .play = self { return false }
        return true
    }
}
