import CMalloc

/// glibc malloc tuning for a long-running daemon whose idle RSS matters.
public enum MallocTuning {
    /// Caps the number of malloc arenas (glibc's default is 8 per core; each keeps its freed pages).
    public static func limitArenas(to count: Int32) {
        _ = mallopt(M_ARENA_MAX, count)
    }

    /// Fixes the size from which allocations get pages of their own (mmap) at `bytes`. glibc otherwise raises
    /// it up to 32 MB each time such a block is freed, and later big arrays (a 100,000-entry queue's) then land
    /// in the heap between small blocks, where their pages cannot go back to the system once freed.
    public static func fixMmapThreshold(bytes: Int32) {
        _ = mallopt(M_MMAP_THRESHOLD, bytes)
    }

    /// Returns free memory at the top of every arena and whole free pages inside them to the system.
    public static func trim() {
        _ = malloc_trim(0)
    }
}
