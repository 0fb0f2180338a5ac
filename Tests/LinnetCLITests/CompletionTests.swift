import Foundation
import Testing
import TestSupport

@testable import LinnetCLI

/// The shell completions in packaging/completions follow the command table: every command, subcommand word and
/// option that `linnet --help` and `linnet COMMAND --help` name is offered by each shell, and the scripts complete.
@Suite struct CompletionTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("packaging/completions")
    static let files = ["linnet.bash", "_linnet", "linnet.fish"]

    static func script(_ name: String) throws -> String {
        try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
    }

    /// `word` stands alone in `text`: not part of a longer name or option.
    static func containsWord(_ text: String, _ word: String) -> Bool {
        let isNamePart: (Character) -> Bool = { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
        var rest = text[...]
        while let range = rest.range(of: word) {
            let before = range.lowerBound == text.startIndex ? nil : text[text.index(before: range.lowerBound)]
            let after = range.upperBound == text.endIndex ? nil : text[range.upperBound]
            if !(before.map(isNamePart) ?? false) && !(after.map(isNamePart) ?? false) { return true }
            rest = text[range.upperBound...]
        }
        return false
    }

    /// The lower-case words of a usage (`list`, `add` in `[list [OPTIONS] | add [--next] PATH...]`): literal
    /// subcommands and values, as opposed to upper-case placeholders and options.
    static func literalWords(_ usage: String) -> [String] {
        usage.split(whereSeparator: { " []|".contains($0) }).filter { !$0.hasPrefix("-") }
            .flatMap { $0.split(whereSeparator: { !$0.isLetter }) }.map(String.init)
            .filter { $0.allSatisfy(\.isLowercase) }
    }

    /// The `--options` a help text names.
    static func options(_ help: String) -> Set<String> {
        var found: Set<String> = []
        // A name ending in a dash is a family (`--snapcast-*`), not an option.
        for piece in help.split(whereSeparator: { !($0.isLetter || $0 == "-") })
        where piece.hasPrefix("--") && !piece.hasSuffix("-") {
            let name = piece.drop { $0 == "-" }
            if !name.isEmpty { found.insert("--" + name) }
        }
        return found
    }

    @Test(arguments: files)
    func offersEveryCommandSubcommandAndOption(_ file: String) throws {
        let text = try Self.script(file)
        var expected: Set<String> = ["-p", "--player", "-h", "--help", "-V", "--version"]
        expected.formUnion(CommandTable.listKinds)
        for spec in CommandTable.all {
            expected.insert(spec.name)
            expected.formUnion(Self.literalWords(spec.arguments))
            expected.formUnion(Self.options(HelpText.command(spec)))
        }
        // fish writes long options without their dashes (`-l json`), short ones as `-s p`.
        let missing = expected.filter { word in
            let bare = word.drop { $0 == "-" }
            return !Self.containsWord(text, word) && !(file.hasSuffix(".fish") && Self.containsWord(text, String(bare)))
        }
        #expect(missing.isEmpty, "\(file) lacks \(missing.sorted())")
    }

    /// What bash offers at a few points of a command line (through bash-completion, as an interactive shell does).
    @Test func bashCompletes() throws {
        guard FileManager.default.fileExists(atPath: "/usr/share/bash-completion/bash_completion") else {
            Issue.record("bash-completion is not installed (packaging/debian-deps.sh installs it)")
            return
        }
        let driver = """
            source /usr/share/bash-completion/bash_completion
            source "$1"
            read -ra COMP_WORDS <<<"$2"
            [[ $2 == *" " ]] && COMP_WORDS+=("")
            COMP_CWORD=$((${#COMP_WORDS[@]} - 1)) COMP_LINE=$2 COMP_POINT=${#2}
            _linnet linnet "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
            echo "${COMPREPLY[*]}"
            """
        let script = Self.directory.appendingPathComponent("linnet.bash").path
        for (line, offered) in Self.cases {
            let r = try Spawned.run("/bin/bash", ["-c", driver, "bash", script, line])
            // `--stream=` is offered with its `=` (and no space after it).
            let words = r.stdout.split(whereSeparator: \.isWhitespace).map { $0.hasSuffix("=") ? $0.dropLast() : $0 }
            #expect(r.status == 0 && Set(words.map(String.init)) == offered, "bash, '\(line)': \(r.stdout)")
        }
    }

    /// The same through fish's own completion engine (`complete -C`).
    @Test func fishCompletes() throws {
        guard FileManager.default.fileExists(atPath: "/usr/bin/fish") else {
            Issue.record("fish is not installed (packaging/debian-deps.sh installs it)")
            return
        }
        let script = Self.directory.appendingPathComponent("linnet.fish").path
        for (line, offered) in Self.cases {
            let r = try Spawned.run(
                "/usr/bin/fish", ["--no-config", "-c", "source $argv[1]; complete -C $argv[2]", script, line])
            // Each candidate is `word<TAB>description`; fish adds the global options to every option prompt.
            let words = Set(r.stdout.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) })
                .subtracting(["--player", "--help", "--version"])
            #expect(
                r.status == 0 && words == offered.subtracting(["--player", "--help", "--version"]),
                "fish, '\(line)': \(r.stdout)")
        }
    }

    @Test func zshParses() throws {
        guard FileManager.default.fileExists(atPath: "/usr/bin/zsh") else {
            Issue.record("zsh is not installed (packaging/debian-deps.sh installs it)")
            return
        }
        let r = try Spawned.run("/usr/bin/zsh", ["-n", Self.directory.appendingPathComponent("_linnet").path])
        #expect(r.status == 0, "\(r.stdout)")
    }

    static let cases: [(String, Set<String>)] = [
        ("linnet qu", ["queue"]),
        ("linnet help st", ["status", "stop"]),
        ("linnet --vers", ["--version"]),
        ("linnet loop ", ["none", "track", "playlist"]),
        ("linnet -p mpv shuffle ", ["on", "off", "toggle"]),
        ("linnet record --format ", ["wav", "flac", "ogg", "opus", "caf"]),
        ("linnet record --bits ", ["s16", "s24", "s32", "float"]),
        ("linnet status --format x --j", ["--json"]),
        ("linnet playlist ", ["list", "show", "create", "rename", "add", "remove", "move", "delete", "export"]),
        ("linnet library genres --al", ["--album", "--albumartist"]),
        ("linnet effect ", ["load", "play"])
    ]
}
