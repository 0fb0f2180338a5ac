/// One subcommand: its name, usage, help, and how its arguments become a `Request`.
public struct CommandSpec: Sendable {
    public let name: String
    /// The arguments part of the usage line (`±SECONDS`), empty when it takes none.
    public let arguments: String
    /// One line for the command list.
    public let summary: String
    /// The paragraphs of `linnet NAME --help` after the usage line.
    public let details: String
    /// Parses this command's arguments (everything after the name, global options removed).
    let parse: @Sendable (ArgumentReader, ParseContext) throws(UsageError) -> Request

    init(
        _ name: String, _ arguments: String, _ summary: String, _ details: String,
        parse: @escaping @Sendable (ArgumentReader, ParseContext) throws(UsageError) -> Request
    ) {
        self.name = name
        self.arguments = arguments
        self.summary = summary
        self.details = details
        self.parse = parse
    }

    /// `linnet NAME ARGS`.
    public var usage: String { arguments.isEmpty ? "linnet \(name)" : "linnet \(name) \(arguments)" }

    /// A command whose only job is one request and that takes no arguments.
    static func simple(_ name: String, _ summary: String, _ details: String, _ request: Request) -> CommandSpec {
        CommandSpec(name, "", summary, details) { (r, _) throws(UsageError) in
            _ = try r.operands(0...0)
            return request
        }
    }
}
