import CMalloc

/// glibc malloc tuning for a long-running daemon whose idle RSS matters.
public enum MallocTuning {
    /// Caps the number of malloc arenas (glibc's default is 8 per core; each keeps its freed pages).
    public static func limitArenas(to count: Int32) {
        _ = mallopt(M_ARENA_MAX, count)
    }

    /// Returns free memory at the top of every arena and whole free pages inside them to the system.
    public static func trim() {
        _ = malloc_trim(0)
    }
}
