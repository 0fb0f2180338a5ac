/// The memory bounds every tag parser keeps, whatever sizes a file claims.
public enum TagLimits {
    /// Largest embedded picture kept (16 MiB). A bigger one is skipped without being read into memory
    /// (FLAC PICTURE) or dropped after decoding its field (Ogg), so a hostile file cannot make us hold more.
    public static let maxPictureBytes = 16 << 20
    /// Largest text value kept (1 MiB: far more than any lyrics); longer values are skipped.
    public static let maxTextBytes = 1 << 20
    /// Largest METADATA_BLOCK_PICTURE value: the base64 of a picture block at the picture cap plus its header.
    public static let maxEncodedPictureBytes = (maxPictureBytes + 64 * 1024) / 3 * 4 + 4
    /// Most comment fields kept from one tag (a tag with more is read up to here).
    public static let maxFields = 100_000
    /// Most FLAC metadata blocks walked before giving up on finding the tags.
    public static let maxBlocks = 10_000
}
