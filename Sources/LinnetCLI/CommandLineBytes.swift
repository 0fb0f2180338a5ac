import FileSystem
import PlayerCore

/// The client's arguments and working directory as Linux gives them: bytes, which need not be UTF-8.
/// `CommandLine.arguments` repairs invalid UTF-8 (a file name `caf\xE9.mp3` would become `caf\u{FFFD}.mp3` and
/// name no file); these keep every byte in BytePath's lossless String form.
public enum CommandLineBytes {
    /// argv[1...] from `argc`/`argv` (`CommandLine.argc`, `CommandLine.unsafeArgv`).
    public static func arguments(argc: Int32, argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> [String] {
        guard argc > 1 else { return [] }
        return (1..<Int(argc)).compactMap { i in argv[i].map { BytePath.string(cString: $0) } }
    }

    /// A NUL-terminated C string (getcwd's buffer) in BytePath form.
    public static func string(cString: UnsafePointer<CChar>) -> String { BytePath.string(cString: cString) }
}
