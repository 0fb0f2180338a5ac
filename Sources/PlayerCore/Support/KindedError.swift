/// An error that is one of a few kinds a caller acts on (each maps to a D-Bus error name) plus a message for people.
/// The effects and the recorder share this shape; their `Kind` enums say what each can go wrong with.
public struct KindedError<Kind: Sendable & Hashable>: Error, Sendable, Hashable, CustomStringConvertible {
    public var kind: Kind
    public var message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }
}
