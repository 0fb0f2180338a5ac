/// A parsed song filter: what `find`, `search`, `list`, `count` and friends select songs by.
///
/// Both of MPD's syntaxes parse into this one tree: expressions (`(Artist == 'x')`) and the old
/// `TAG VALUE` pairs. Several top-level arguments are joined by `.and`.
public indirect enum MPDFilter: Sendable, Equatable, Hashable {
    /// A tag compared; with several values of the tag, at least one must match (none, when negated).
    case tag(MPDTag, MPDStringMatch)
    /// Any tag compared (`any`).
    case anyTag(MPDStringMatch)
    /// The song URI, relative to the music directory, compared (`file`, old `filename`).
    case uri(MPDStringMatch)
    /// Songs inside this directory (`base`), relative to the music directory.
    case base(String)
    /// Songs whose file changed at or after this time (`modified-since`).
    case modifiedSince(MPDTimestamp)
    /// Songs added to the database at or after this time (`added-since`, MPD 0.24).
    case addedSince(MPDTimestamp)
    /// Songs of this audio format (`AudioFormat ==`) or matching this mask (`AudioFormat =~`).
    case audioFormat(MPDAudioFormatPattern)
    /// Queued songs of at least this priority (`prio >= N`).
    case priorityAtLeast(UInt8)
    /// The inverse (`(!EXPR)`).
    case not(MPDFilter)
    /// All of these (`(EXPR AND EXPR …)`, or several arguments).
    case and([MPDFilter])
}
