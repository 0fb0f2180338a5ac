/// One `output = …` line of linnetd.conf (or `--output` argument): `local`, or `snapcast URI`.
public enum OutputSetting: Sendable, Hashable {
    case local
    case snapcast(SnapcastEndpoint)

    /// Parses the value; the error says what is wrong.
    public init(parsing text: String) throws(OutputSettingError) {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" })
        switch words.first?.lowercased() {
        case "local", "pulse":
            guard words.count == 1 else { throw OutputSettingError("local takes no URI") }
            self = .local
        case "snapcast":
            guard words.count == 2 else {
                throw OutputSettingError("snapcast needs one URI: tcp://HOST:PORT or pipe:///PATH")
            }
            do throws(SnapcastEndpointError) {
                self = .snapcast(try SnapcastEndpoint(parsing: String(words[1])))
            } catch { throw OutputSettingError("\(error)") }
        default:
            throw OutputSettingError("output needs local or snapcast URI, got '\(text)'")
        }
    }

    /// The outputs linnetd has for these lines: local plays when it is listed or when nothing is; every Snapcast
    /// stream listed plays.
    public static func outputList(_ settings: [OutputSetting]) -> OutputList {
        let snapcast = settings.compactMap { s -> SnapcastEndpoint? in
            if case .snapcast(let e) = s { return e }
            return nil
        }
        return OutputList(localEnabled: settings.isEmpty || settings.contains(.local), snapcast: snapcast)
    }
}

/// An `output` setting that cannot be used.
public struct OutputSettingError: Error, Sendable, Hashable, CustomStringConvertible {
    public var description: String
    init(_ description: String) { self.description = description }
}
