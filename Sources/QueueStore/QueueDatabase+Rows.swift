import PlayerCore
import SQLite

/// Reading and writing rows: the entries' span that changed, and the scalar keys.
extension QueueDatabase {
    /// Replaces the saved entries `savedIDs[delta.start..<delta.oldEnd]` with `queue.entries[delta.start..<delta.newEnd]`.
    func apply(_ delta: QueueDelta, _ queue: PlaybackQueue, _ db: SQLiteDatabase) throws(SQLiteError) {
        if let move = SingleMove(delta, old: savedIDs, new: queue.ids) { return try apply(move, queue.ids, db) }
        if delta.removedCount == savedIDs.count && delta.removedCount > 0 {
            try db.run("DELETE FROM entry")
            entryRowsWritten += delta.removedCount
        } else if delta.removedCount > 0 {
            let delete = try db.prepare("DELETE FROM entry WHERE id = ?1")
            for id in savedIDs[delta.start..<delta.oldEnd] { try delete.run([.integer(Self.raw(id))]) }
            entryRowsWritten += delta.removedCount
        }
        guard delta.insertedCount > 0 else { return }
        let ids = queue.ids
        let before = delta.start > 0 ? try key(of: ids[delta.start - 1], db) : nil
        let after = delta.newEnd < ids.count ? try key(of: ids[delta.newEnd], db) : nil
        let keys = SortKeys.between(before, after, count: delta.insertedCount)
        let insert = try db.prepare(
            "INSERT OR REPLACE INTO entry(id, pos, location, title, duration) VALUES(?1, ?2, ?3, ?4, ?5)")
        for (offset, entry) in queue.entries[delta.start..<delta.newEnd].enumerated() {
            try insert.run([
                .integer(Self.raw(entry.id)), .integer(keys?[offset] ?? 0),
                .text(entry.location.persisted), entry.item.title.map { .text($0) } ?? .null,
                entry.item.durationMicroseconds.map { .integer($0) } ?? .null
            ])
        }
        entryRowsWritten += delta.insertedCount
        if keys == nil { try renumber(ids, db) }
    }

    /// One entry moved: only its sort key changes, to one between its new neighbours.
    private func apply(_ move: SingleMove, _ ids: [QueueEntryID], _ db: SQLiteDatabase) throws(SQLiteError) {
        let before = move.to > 0 ? try key(of: ids[move.to - 1], db) : nil
        let after = move.to + 1 < ids.count ? try key(of: ids[move.to + 1], db) : nil
        guard let key = SortKeys.between(before, after, count: 1)?.first else { return try renumber(ids, db) }
        try db.run("UPDATE entry SET pos = ?1 WHERE id = ?2", [.integer(key), .integer(Self.raw(move.id))])
        entryRowsWritten += 1
    }

    /// No room between two keys: every entry gets a fresh, evenly spaced key (rare; O(queue)).
    private func renumber(_ ids: [QueueEntryID], _ db: SQLiteDatabase) throws(SQLiteError) {
        let update = try db.prepare("UPDATE entry SET pos = ?1 WHERE id = ?2")
        for (i, id) in ids.enumerated() {
            try update.run([.integer(Int64(i + 1) &* SortKeys.gap), .integer(Self.raw(id))])
        }
        entryRowsWritten += ids.count
    }

    private func key(of id: QueueEntryID, _ db: SQLiteDatabase) throws(SQLiteError) -> Int64? {
        try db.query("SELECT pos FROM entry WHERE id = ?1", [.integer(Self.raw(id))]).first?.first?.integer
    }

    func writeScalars(_ state: PlayerState, _ db: SQLiteDatabase) throws(SQLiteError) {
        let q = state.queue
        try put("version", .integer(Int64(PlayerState.currentVersion)), db)
        try put("current", q.currentID.map { .integer(Self.raw($0)) } ?? .null, db)
        try put("nextID", .integer(Int64(bitPattern: q.nextRawID)), db)
        try put("position", .integer(state.positionMicroseconds), db)
        try put("volume", .real(state.volume), db)
        try put("balance", .real(state.balance), db)
        try put("playback", .text(state.playback.rawValue), db)
        try put("loop", .text(q.loopMode.rawValue), db)
        try put("shuffle", .integer(q.isShuffled ? 1 : 0), db)
        try put("random", .integer(Int64(bitPattern: q.order.random.state)), db)
    }

    func put(_ key: String, _ value: SQLiteValue, _ db: SQLiteDatabase) throws(SQLiteError) {
        try db.prepare(
            "INSERT INTO state(key, value) VALUES(?1, ?2) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
            persistent: true
        ).run([.text(key), value])
    }

    /// The saved state, nil when the file has none yet. Rows that cannot be read back (a location that is not a
    /// path or URI) are skipped; ids and numbers out of range are repaired by `PlaybackQueue(restoring:…)`.
    func load(_ db: SQLiteDatabase) throws(SQLiteError) -> PlayerState? {
        var values: [String: SQLiteValue] = [:]
        for row in try db.query("SELECT key, value FROM state") {
            if let key = row[0].text { values[key] = row[1] }
        }
        guard values["version"] != nil else { return nil }
        var entries = QueueEntries()
        if let count = try db.query("SELECT count(*) FROM entry").first?.first?.integer {
            entries.reserveCapacity(Int(truncatingIfNeeded: count))
        }
        let select = try db.prepare("SELECT id, location, title, duration FROM entry ORDER BY pos")
        while try select.step() {
            guard let text = select.text(1), let location = MediaLocation(persisted: text) else { continue }
            let item = MediaItem(
                location, title: select.text(2),
                durationMicroseconds: select.isNull(3) ? nil : select.int64(3))
            entries.append(QueueEntry(id: QueueEntryID(rawValue: UInt64(bitPattern: select.int64(0))), item: item))
        }
        let random = values["random"]?.integer.map { SeededRandom(seed: UInt64(bitPattern: $0)) } ?? SeededRandom()
        let order = PlayOrder(
            loopMode: values["loop"]?.text.flatMap(LoopMode.init(rawValue:)) ?? .none,
            isShuffled: values["shuffle"]?.integer == 1,
            upcoming: values["upcoming"]?.blob.map(IDBlob.decode) ?? [],
            history: values["history"]?.blob.map(IDBlob.decode) ?? [], random: random)
        let queue = PlaybackQueue(
            restoring: entries,
            current: values["current"]?.integer.map { QueueEntryID(rawValue: UInt64(bitPattern: $0)) },
            nextRawID: values["nextID"]?.integer.map { UInt64(bitPattern: $0) } ?? 1, order: order)
        let playback = values["playback"]?.text.flatMap(SavedPlayback.init(rawValue:)) ?? .paused
        savedIDs = queue.ids
        savedUpcoming = order.upcoming
        savedHistory = order.history
        var state = PlayerState(
            queue: queue, positionMicroseconds: queue.isEmpty ? 0 : values["position"]?.integer ?? 0,
            volume: values["volume"]?.real ?? 1.0, playback: playback)
        let balance = values["balance"]?.real ?? 0
        state.balance = balance.isFinite ? min(1, max(-1, balance)) : 0
        return state
    }

    static func raw(_ id: QueueEntryID) -> Int64 { Int64(bitPattern: id.rawValue) }
}
