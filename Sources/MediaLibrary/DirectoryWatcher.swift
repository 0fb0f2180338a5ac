import Dispatch
import FileSystem
import Glibc

/// Watches library folders with inotify and reports, a moment after things settle, which directories changed.
///
/// Concurrency: confined to `queue` (the library's scan queue): the read source fires there, and `watch` is
/// called by the scanner there or on the full scan's own thread while `queue` is blocked waiting for that thread
/// (`LibraryService.runScans`), so never at the same time as the source; `@unchecked Sendable` for that reason.
final class DirectoryWatcher: @unchecked Sendable {
    private let queue: DispatchQueue
    private let fd: Int32
    private var source: DispatchSourceRead?
    /// wd → folder, compactly (`WatchTable`); which folders are watched is the kernel's to know: adding a watch
    /// on a watched folder returns its descriptor again.
    private var table = WatchTable()
    private var dirty: Set<[UInt8]> = []
    private var flushScheduled = false
    private let onChange: ([[UInt8]]) -> Void
    private let log: (String) -> Void
    private var warnedLimit = false

    /// Nil when inotify is unavailable (logged by the caller).
    init?(queue: DispatchQueue, log: @escaping (String) -> Void, onChange: @escaping ([[UInt8]]) -> Void) {
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { return nil }
        self.fd = fd
        self.queue = queue
        self.onChange = onChange
        self.log = log
        let source = DispatchSource.makeReadSource(fileDescriptor: fd, queue: queue)
        source.setEventHandler { [weak self] in self?.drain() }
        source.setCancelHandler { close(fd) }
        source.activate()
        self.source = source
    }

    deinit { source?.cancel() }

    /// Adds a watch on `dir` (idempotent: the kernel returns the same descriptor for a watched folder).
    func watch(_ dir: [UInt8]) {
        let mask = UInt32(
            IN_CREATE | IN_DELETE | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO | IN_DELETE_SELF
                | IN_MOVE_SELF | IN_ATTRIB | IN_ONLYDIR)
        let wd = FilePath(bytes: dir).withCString { inotify_add_watch(fd, $0, mask) }
        guard wd >= 0 else {
            if errno == ENOSPC && !warnedLimit {
                warnedLimit = true
                log("library: inotify watch limit reached (fs.inotify.max_user_watches); later changes need a rescan")
            }
            return
        }
        table.add(wd, path: dir)
    }

    private func drain() {
        let size = 64 * 1024
        var buffer = [UInt8](repeating: 0, count: size)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress!, size) }
            if n <= 0 { break }
            var offset = 0
            while offset + 16 <= n {
                let (wd, mask, length) = buffer.withUnsafeBytes { raw -> (Int32, UInt32, Int) in
                    (
                        raw.loadUnaligned(fromByteOffset: offset, as: Int32.self),
                        raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self),
                        Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                    )
                }
                let nameStart = offset + 16
                let nameEnd = min(n, nameStart + length)
                let name = Array(buffer[nameStart..<nameEnd].prefix { $0 != 0 })
                offset = nameEnd
                if mask & UInt32(IN_IGNORED) != 0 {
                    table.remove(wd)
                    continue
                }
                guard let dir = table.path(of: wd) else { continue }
                if mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF) != 0 {
                    dirty.insert(dir)
                } else if mask & UInt32(IN_ISDIR) != 0 && !name.isEmpty {
                    // A folder appeared or went: scan (or forget) it as a whole.
                    dirty.insert(dir.appendingComponent(name))
                } else {
                    dirty.insert(dir)
                }
            }
        }
        scheduleFlush()
    }

    private func scheduleFlush() {
        guard !dirty.isEmpty, !flushScheduled else { return }
        flushScheduled = true
        // Let a burst (a copy of a whole album) settle, well within the 2 s the library promises.
        queue.asyncAfter(deadline: .now() + .milliseconds(300)) { [weak self] in
            guard let self else { return }
            flushScheduled = false
            let dirs = dirty.sorted { $0.count < $1.count }
            dirty = []
            onChange(dirs)
        }
    }
}
