/// What the bus and the CLI can ask of the library (implemented by the daemon; the MPRIS layer calls it on the
/// service queue).
public protocol LibraryControl: AnyObject, Sendable {
    /// How many rows `query` has.
    func count(_ query: LibraryQuery) throws(LibraryError) -> Int
    /// Up to `limit` rows of `query` from `offset`.
    func rows(_ query: LibraryQuery, offset: Int, limit: Int) throws(LibraryError) -> [LibraryRow]
    /// Puts the songs `query` selects into the play queue.
    func enqueue(_ query: LibraryQuery, mode: EnqueueMode) throws(LibraryError)
    /// Scans the library folders again (in the background).
    func rescan()
}
