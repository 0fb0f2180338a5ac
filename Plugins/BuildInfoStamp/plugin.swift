import Foundation
import PackagePlugin

/// Stamps BuildInfo with the package version and the git commit: packaging/build-info.sh writes `Stamp.swift` before
/// BuildInfo compiles. A build command (not a prebuild command, which SwiftPM skips on incremental builds) that reruns
/// when debian/changelog, the script or git's HEAD changes; the script rewrites the file only when its text changes,
/// so a build at the same version and commit recompiles nothing.
@main struct BuildInfoStamp: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL
        let script = root.appending(path: "packaging/build-info.sh")
        let stamp = context.pluginWorkDirectoryURL.appending(path: "Stamp.swift")
        return [
            .buildCommand(
                displayName: "Stamping the version and git commit into BuildInfo",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: [script.path, root.path, stamp.path],
                inputFiles: [script, root.appending(path: "debian/changelog")] + GitHead.files(repository: root),
                outputFiles: [stamp])
        ]
    }
}

/// The files git rewrites when HEAD moves (a commit, checkout, reset or rebase), in a clone or a worktree; none
/// outside git. They are the command's inputs only: the script asks git for the commit itself.
enum GitHead {
    static func files(repository root: URL) -> [URL] {
        guard let gitDirectory = gitDirectory(root) else { return [] }
        let head = gitDirectory.appending(path: "HEAD")
        var files = [head, gitDirectory.appending(path: "logs/HEAD")]
        // On a branch HEAD names a ref, and a commit rewrites the ref (in the common directory, for a worktree).
        if let text = try? String(contentsOf: head, encoding: .utf8), text.hasPrefix("ref: ") {
            let ref = text.dropFirst("ref: ".count).trimmingCharacters(in: .whitespacesAndNewlines)
            files.append(commonDirectory(gitDirectory).appending(path: ref))
        }
        return files.filter { FileManager.default.fileExists(atPath: $0.path) }
    }

    /// `.git` is a directory in a clone and a `gitdir: PATH` file in a worktree.
    static func gitDirectory(_ root: URL) -> URL? {
        let dotGit = root.appending(path: ".git")
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: dotGit.path, isDirectory: &isDirectory) else { return nil }
        if isDirectory.boolValue { return dotGit }
        guard let text = try? String(contentsOf: dotGit, encoding: .utf8), text.hasPrefix("gitdir: ") else {
            return nil
        }
        let path = text.dropFirst("gitdir: ".count).trimmingCharacters(in: .whitespacesAndNewlines)
        return path.hasPrefix("/") ? URL(fileURLWithPath: path) : root.appending(path: path)
    }

    /// A worktree's `commondir` file names the main repository's git directory, where the branches live.
    static func commonDirectory(_ gitDirectory: URL) -> URL {
        guard let text = try? String(contentsOf: gitDirectory.appending(path: "commondir"), encoding: .utf8) else {
            return gitDirectory
        }
        let path = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return path.hasPrefix("/") ? URL(fileURLWithPath: path) : gitDirectory.appending(path: path)
    }
}
