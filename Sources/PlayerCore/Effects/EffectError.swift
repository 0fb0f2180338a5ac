/// Why an effect could not be loaded, played or unloaded.
public struct EffectError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Kind: Sendable, Hashable {
        /// Bad input from the caller: an unknown id, a file that is not a short sound we decode.
        case invalidArgument
        /// The caller may not do this (unloading another client's effect).
        case accessDenied
        /// The sound server refused or is not there.
        case failed
    }

    public var kind: Kind
    public var message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }
}
