/// What a user means by music in a library folder: everything below it except hidden files and folders (names
/// starting with `.`: `.Trash-1000`, `.git`, a tool's `.base` cache) and folders holding a `.nomedia` file, with
/// everything below them (the convention phones and other players follow to keep voice memos or game sounds out).
/// The library folder's own name is never checked: a folder the user named is scanned even when it is hidden.
public enum ScanScope {
    /// The marker file's name: a folder holding it is left out with its whole subtree.
    public static let noMediaName: [UInt8] = Array(".nomedia".utf8)

    /// Whether a directory entry is hidden (and so neither read nor walked).
    public static func isHidden(_ name: some Collection<UInt8>) -> Bool {
        name.first == UInt8(ascii: ".")
    }

    /// Whether a folder whose entries are named `names` is left out (it holds `.nomedia`).
    public static func excludesFolder(entryNames names: some Sequence<[UInt8]>) -> Bool {
        names.contains { $0 == noMediaName }
    }

    /// The folders from `root` down to `path` (both included), outermost first; empty when `path` is not
    /// `root` or below it. Each may hold a `.nomedia` that leaves `path` out.
    public static func folders(from root: [UInt8], to path: [UInt8]) -> [[UInt8]] {
        guard let rest = relativeComponents(of: path, below: root) else { return [] }
        var out = [root]
        var current = root
        for component in rest {
            if current.last != UInt8(ascii: "/") { current.append(UInt8(ascii: "/")) }
            current.append(contentsOf: component)
            out.append(current)
        }
        return out
    }

    /// Whether `path` lies in a hidden folder below `root` (or is itself a hidden file or folder there).
    /// False for paths outside `root`.
    public static func isHidden(_ path: [UInt8], below root: [UInt8]) -> Bool {
        relativeComponents(of: path, below: root)?.contains { isHidden($0) } ?? false
    }

    /// The components of `path` after `root`, nil when `path` is neither `root` nor below it.
    static func relativeComponents(of path: [UInt8], below root: [UInt8]) -> [ArraySlice<UInt8>]? {
        var base = root[...]
        while base.count > 1, base.last == UInt8(ascii: "/") { base = base.dropLast() }
        guard path.starts(with: base) else { return nil }
        let rest = path[(path.startIndex + base.count)...]
        // "/music" must not claim "/musical": the root ends at a slash (or is "/" itself).
        if let first = rest.first, first != UInt8(ascii: "/"), base.last != UInt8(ascii: "/") { return nil }
        return rest.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true)
    }
}
