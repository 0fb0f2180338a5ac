import PlayerCore

/// The state file's JSON values (the parser lives in PlayerCore, shared with the scrobbler).
typealias JSONValue = JSONDocument
