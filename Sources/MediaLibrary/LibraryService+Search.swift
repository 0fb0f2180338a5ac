import Dispatch
import Glibc
import PlayerCore
import SQLite

/// The search index's state on the service queue.
struct SearchIndexSlot {
    /// The index, and the value of `LibraryService.changes` it was built at.
    var index: (SearchIndex, changes: UInt64)?
    /// A build runs on the scan queue.
    var building = false
    /// Gives the index's memory back after `searchIndexKeep` without a text query (one-shot, re-armed by use:
    /// nothing fires while nobody searches).
    var dropTimer: DispatchSourceTimer?
}

extension LibraryService {
    /// The search index for `query`, with the folded text to look for, when it can answer it — songs filtered by text alone, in natural order — and
    /// shows the library as it is now; nil means "ask SQL". A text query without a usable index starts a build in
    /// the background, so the first keystroke is answered by SQL and the next ones by the index.
    func indexFor(_ query: LibraryQuery) -> (index: SearchIndex, needle: String)? {
        dispatchPrecondition(condition: .onQueue(serviceQueue))
        guard query.kind == .songs, query.order == .natural, let text = query.filter.text,
            query.filter == LibraryQuery.Filter(text: text)
        else { return nil }
        let needle = TextFolding.fold(text)
        guard !needle.isEmpty else { return nil }
        armDropTimer()
        let now = changes.load(ordering: .sequentiallyConsistent)
        if let (index, built) = search.index {
            if built == now { return (index, needle) }
            search.index = nil  // the library changed: free it now, not at the next build
        }
        buildSearchIndex()
        return nil
    }

    /// Builds the index on the scan queue (after any scan there: an index is never built from a half-written
    /// library) with a read connection of its own, and installs it if the library did not change meanwhile.
    private func buildSearchIndex() {
        guard !search.building else { return }
        search.building = true
        scanQueue.async { [self] in
            let before = changes.load(ordering: .sequentiallyConsistent)
            var built: SearchIndex?
            var clock = timespec()
            clock_gettime(CLOCK_MONOTONIC, &clock)
            if before % 2 == 0 {
                do throws(SQLiteError) {
                    built = try SearchIndex.build(databasePath: databasePath)
                    if built == nil { log("library: search texts pass 4 GiB; searches go to SQLite") }
                } catch {
                    log("library: cannot build the search index: \(error)")
                }
            }
            var end = timespec()
            clock_gettime(CLOCK_MONOTONIC, &end)
            let ms = (end.tv_sec - clock.tv_sec) * 1000 + (end.tv_nsec - clock.tv_nsec) / 1_000_000
            let after = changes.load(ordering: .sequentiallyConsistent)
            let result = built
            serviceQueue.async { [self] in
                search.building = false
                guard let built = result, before == after, search.dropTimer != nil else { return }
                search.index = (built, before)
                log("library: search index of \(built.count) songs (\(built.memoryBytes / 1024) KiB) in \(ms) ms")
            }
        }
    }

    private func armDropTimer() {
        if search.dropTimer == nil {
            let timer = DispatchSource.makeTimerSource(queue: serviceQueue)
            timer.setEventHandler { [weak self] in self?.dropSearchIndex() }
            search.dropTimer = timer
            timer.schedule(deadline: .now() + searchIndexKeep)
            timer.activate()
        } else {
            search.dropTimer?.schedule(deadline: .now() + searchIndexKeep)
        }
    }

    /// Forgets the index (nobody searched for a while); the next text query builds it again.
    func dropSearchIndex() {
        dispatchPrecondition(condition: .onQueue(serviceQueue))
        search.dropTimer?.cancel()
        search.dropTimer = nil
        search.index = nil
    }

    /// Whether a search index is installed (for tests and the log).
    var hasSearchIndex: Bool {
        dispatchPrecondition(condition: .onQueue(serviceQueue))
        return search.index != nil
    }
}
