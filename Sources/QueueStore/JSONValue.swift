/// A JSON document as a value: what the state file of earlier versions is made of, read once to migrate it. Numbers
/// keep their text so that 64-bit integers (entry ids, the shuffle generator's state) are read exactly.
///
/// Linnet's own small reader instead of FoundationEssentials' JSONDecoder: linking FoundationEssentials (and the
/// regex libraries it pulls in) costs the idle daemon about 4 MB of resident memory.
enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])
}
