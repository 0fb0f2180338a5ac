/// The watcher's watch descriptor → folder table, stored compactly: a folder watched right after its parent
/// (the scanner walks depth first) keeps only its parent's descriptor and its own name; the others keep their
/// whole path. Names live in one shared byte buffer. 15,000 album folders then cost about 40 bytes each instead
/// of a heap array per path plus two hash tables. Pure; used only on the watcher's queue.
struct WatchTable {
    private struct Node {
        /// The parent folder's descriptor, or -1 when `name` is the whole path.
        var parent: Int32
        var offset: UInt32
        var length: UInt32
    }

    /// Indexed by descriptor (the kernel hands them out counting up from 1); nil for a free one.
    private var nodes: [Node?] = []
    private var names: [UInt8] = []
    /// Bytes of `names` no node uses any more; compacted when they outweigh the rest.
    private var unusedBytes = 0
    /// The folders of the current walk, outermost first (a few entries: the depth of the tree).
    private var chain: [(path: [UInt8], wd: Int32)] = []
    private(set) var count = 0

    /// Whether `wd` names a watched folder.
    func contains(_ wd: Int32) -> Bool { node(wd) != nil }

    /// Records that `wd` watches `path`. The kernel returns a known descriptor for a folder watched before:
    /// when it comes with another path the folder was moved, and the folders below it follow it.
    mutating func add(_ wd: Int32, path: [UInt8]) {
        guard wd >= 0 else { return }
        while let last = chain.last, !Self.isParent(last.path, of: path) { chain.removeLast() }
        if let old = node(wd) {
            if self.path(of: wd) == path {
                chain.append((path, wd))
                return
            }
            nodes[Int(wd)] = nil
            count -= 1
            unusedBytes += Int(old.length)
        }
        var parent: Int32 = -1
        var name = path[...]
        // The same folder reached again below itself (a symlink or bind mount) must not become its own ancestor.
        if let last = chain.last, contains(last.wd), !isAncestorOrSelf(wd, of: last.wd) {
            parent = last.wd
            name = path[(last.path.count + (last.path.last == 0x2F ? 0 : 1))...]
        }
        let offset = UInt32(truncatingIfNeeded: names.count)
        names.append(contentsOf: name)
        let index = Int(wd)
        if index >= nodes.count { nodes.append(contentsOf: repeatElement(nil, count: index - nodes.count + 1)) }
        nodes[index] = Node(parent: parent, offset: offset, length: UInt32(truncatingIfNeeded: name.count))
        count += 1
        chain.append((path, wd))
    }

    /// The folder `wd` watches; nil when unknown (or when a folder above it was forgotten: it went with it).
    func path(of wd: Int32) -> [UInt8]? {
        var parts: [ArraySlice<UInt8>] = []
        var current = wd
        while true {
            guard let n = node(current), parts.count < 4096 else { return nil }
            parts.append(names[Int(n.offset)..<Int(n.offset + n.length)])
            if n.parent < 0 { break }
            current = n.parent
        }
        var out = [UInt8](parts.removeLast())
        for part in parts.reversed() {
            if out.last != 0x2F { out.append(0x2F) }
            out.append(contentsOf: part)
        }
        return out
    }

    /// Forgets `wd` (IN_IGNORED: the folder went or its watch was removed).
    mutating func remove(_ wd: Int32) {
        guard let n = node(wd) else { return }
        nodes[Int(wd)] = nil
        count -= 1
        chain.removeAll { $0.wd == wd }
        unusedBytes += Int(n.length)
        if unusedBytes > 4096 && unusedBytes > names.count / 2 { compact() }
    }

    private func node(_ wd: Int32) -> Node? {
        wd >= 0 && Int(wd) < nodes.count ? nodes[Int(wd)] : nil
    }

    private func isAncestorOrSelf(_ wd: Int32, of start: Int32) -> Bool {
        var current = start
        for _ in 0..<4096 {
            if current == wd { return true }
            guard let n = node(current), n.parent >= 0 else { return false }
            current = n.parent
        }
        return true
    }

    private static func isParent(_ parent: [UInt8], of path: [UInt8]) -> Bool {
        guard path.count > parent.count, path.starts(with: parent) else { return false }
        let rest = path[(parent.count + (parent.last == 0x2F ? 0 : 1))...]
        return (parent.last == 0x2F || path[parent.count] == 0x2F) && !rest.isEmpty && !rest.contains(0x2F)
    }

    /// Rewrites `names` without the bytes of forgotten folders.
    private mutating func compact() {
        var fresh: [UInt8] = []
        fresh.reserveCapacity(names.count - unusedBytes)
        for i in nodes.indices {
            guard var n = nodes[i] else { continue }
            let start = UInt32(truncatingIfNeeded: fresh.count)
            fresh.append(contentsOf: names[Int(n.offset)..<Int(n.offset + n.length)])
            n.offset = start
            nodes[i] = n
        }
        names = fresh
        unusedBytes = 0
    }
}
