/// Why an effect could not be loaded, played or unloaded.
public typealias EffectError = KindedError<EffectErrorKind>

/// What kind of effect failure it is (each is its own D-Bus error).
public enum EffectErrorKind: Sendable, Hashable {
    /// Bad input from the caller: an unknown id, a file that is not a short sound we decode.
    case invalidArgument
    /// The caller may not do this (unloading another client's effect).
    case accessDenied
    /// The sound server refused or is not there.
    case failed
}
