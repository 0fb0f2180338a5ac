/// What this build is: the package version (the first entry of debian/changelog) and the git commit it was built
/// from, stamped at build time by the BuildInfoStamp plugin (packaging/build-info.sh).
public enum BuildInfo {
    /// The package version, as the .deb's version (`0.1.0`).
    public static let version = stampedVersion
    /// The abbreviated commit (12 hex digits), or `unknown` for a build outside git.
    public static let commit = stampedCommit

    /// The line `--version` prints: `linnetd 0.1.0 (commit 0123456789ab)`.
    public static func versionLine(program: String) -> String { "\(program) \(version) (commit \(commit))" }
}
