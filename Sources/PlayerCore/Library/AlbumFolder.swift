/// The folder an album is decided in: a track's own folder, or its parent when the track's folder is a disc
/// folder of a multi-disc album (`CD1`, `CD 2`, `Disc 1`, `disk_2`, `Disc 2 - Live`), so both discs of one
/// title are one album.
public enum AlbumFolder {
    /// The album folder of a track in `directory`.
    public static func folder(ofDirectory directory: [UInt8]) -> [UInt8] {
        var end = directory.endIndex
        while end > directory.startIndex + 1, directory[end - 1] == UInt8(ascii: "/") { end -= 1 }
        guard let slash = directory[..<end].lastIndex(of: UInt8(ascii: "/")) else { return directory }
        guard isDiscFolder(directory[(slash + 1)..<end]) else { return directory }
        // The root "/" keeps its slash; any other parent is cut before it.
        return Array(directory[..<(slash == directory.startIndex ? slash + 1 : slash)])
    }

    /// Whether a folder name says "disc N": `cd`, `disc` or `disk` (any case), an optional space, `_`, `-` or
    /// `.`, one or more digits, then the end, or a separator or `:` followed by anything (a disc's own title).
    public static func isDiscFolder(_ name: some Collection<UInt8>) -> Bool {
        let lower = name.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }[...]
        var rest: ArraySlice<UInt8>
        if lower.starts(with: Array("disc".utf8)) || lower.starts(with: Array("disk".utf8)) {
            rest = lower.dropFirst(4)
        } else if lower.starts(with: Array("cd".utf8)) {
            rest = lower.dropFirst(2)
        } else {
            return false
        }
        if let first = rest.first, separators.contains(first) { rest = rest.dropFirst() }
        let digits = rest.prefix { $0 >= 0x30 && $0 <= 0x39 }
        guard !digits.isEmpty else { return false }
        rest = rest.dropFirst(digits.count)
        guard let next = rest.first else { return true }
        return separators.contains(next) || next == UInt8(ascii: ":")
    }

    private static let separators: Set<UInt8> = [
        UInt8(ascii: " "), UInt8(ascii: "_"), UInt8(ascii: "-"),
        UInt8(ascii: ".")
    ]
}
