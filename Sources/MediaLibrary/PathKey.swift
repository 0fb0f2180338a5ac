/// A byte path as a dictionary key, hashed in one pass over its bytes (hashing `[UInt8]` element by element was
/// a tenth of an unchanged rescan).
struct PathKey: Hashable {
    let bytes: [UInt8]
    init(_ bytes: [UInt8]) { self.bytes = bytes }
    func hash(into hasher: inout Hasher) { bytes.withUnsafeBytes { hasher.combine(bytes: $0) } }
    static func == (a: PathKey, b: PathKey) -> Bool { a.bytes == b.bytes }
}
