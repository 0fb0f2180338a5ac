import Glibc

/// What kind of file a status or a directory entry names.
public enum FileType: Hashable, Sendable {
    case regular, directory, symbolicLink
    /// readdir could not tell (DT_UNKNOWN: some file systems never fill d_type); stat the entry to know.
    case unknown
    /// FIFOs, sockets and devices.
    case other

    /// The type in a stat's `st_mode`.
    init(mode: mode_t) {
        switch mode & S_IFMT {
        case S_IFREG: self = .regular
        case S_IFDIR: self = .directory
        case S_IFLNK: self = .symbolicLink
        default: self = .other
        }
    }

    /// The type in a directory entry's `d_type`.
    init(directoryEntryType type: UInt8) {
        switch Int(type) {
        case Int(DT_REG): self = .regular
        case Int(DT_DIR): self = .directory
        case Int(DT_LNK): self = .symbolicLink
        case Int(DT_UNKNOWN): self = .unknown
        default: self = .other
        }
    }
}
