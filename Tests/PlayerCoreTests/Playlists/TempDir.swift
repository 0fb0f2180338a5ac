import Foundation

/// A scratch directory for one test, removed when the value is released.
final class TempDir {
    let path: String

    init() throws {
        let base = FileManager.default.temporaryDirectory.path
        path = base + "/linnet-core-\(UInt64.random(in: 0...UInt64.max))"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// Creates a file (and its parent folders) with the given bytes; returns its absolute path.
    @discardableResult
    func file(_ relative: String, _ bytes: [UInt8] = []) throws -> String {
        let full = path + "/" + relative
        let dir = (full as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        guard FileManager.default.createFile(atPath: full, contents: Data(bytes)) else {
            throw CocoaError(.fileWriteUnknown)
        }
        return full
    }

    @discardableResult
    func file(_ relative: String, text: String) throws -> String { try file(relative, Array(text.utf8)) }

    @discardableResult
    func directory(_ relative: String) throws -> String {
        let full = path + "/" + relative
        try FileManager.default.createDirectory(atPath: full, withIntermediateDirectories: true)
        return full
    }

    func symlink(_ relative: String, to destination: String) throws {
        try FileManager.default.createSymbolicLink(atPath: path + "/" + relative, withDestinationPath: destination)
    }
}
