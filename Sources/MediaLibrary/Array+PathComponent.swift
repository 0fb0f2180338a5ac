extension Array where Element == UInt8 {
    /// `self + "/" + name` for byte paths.
    func appendingComponent(_ name: [UInt8]) -> [UInt8] {
        var out = self
        if out.last != 0x2F { out.append(0x2F) }
        out.append(contentsOf: name)
        return out
    }
}
