import Foundation
import TestSupport

// linnet-library-tree N DIR: writes the generated library tree (TestSupport.LibraryTree, the one the tests check
// answers against) of N songs under DIR/Music, and prints the facts the bench needs as key=value lines.
let args = CommandLine.arguments
guard args.count == 3, let count = Int(args[1]), count > 0 else {
    FileHandle.standardError.write("usage: linnet-library-tree N DIR\n".data(using: .utf8)!)
    exit(64)
}
let dir = args[2]
let tree = LibraryTree(count: count)
try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
let template = try LibraryTree.template(in: dir)
try tree.write(to: dir + "/Music", template: template)
print("songs=\(tree.songs.count)")
print("artists=\(tree.artistKeys.count)")
print("albums=\(tree.albumCount)")
print("search=song 00123")
print("search_matches=\(tree.songs(matching: "song 00123").count)")
