import LinnetCLI

/// One line from snapserver, understood: a request to answer, a message needing no answer, or a fault to answer
/// with an error. Decoding never fails and never traps: whatever the bytes, the outcome says what to reply.
public enum PluginInput: Sendable, Equatable {
    /// A request with its id (a JSON-RPC id: string, number or null).
    case request(id: JSONValue, PluginCall)
    /// A notification (no id): JSON-RPC wants no reply, whether or not the method is known.
    case notification(method: String)
    /// A response (snapserver answering something): the plug-in sends no requests, so it is ignored.
    case response(id: JSONValue)
    /// Malformed or not understood: reply with this error under `id` (null when no id could be read).
    case invalid(id: JSONValue, PluginError)

    public static let controlMethod = "Plugin.Stream.Player.Control"
    public static let setPropertyMethod = "Plugin.Stream.Player.SetProperty"
    public static let getPropertiesMethod = "Plugin.Stream.Player.GetProperties"

    /// Decodes one line (as `PluginLineFramer` gives it).
    public static func decode(_ line: PluginLineFramer.Line) -> PluginInput {
        switch line {
        case .overlong(let n):
            return .invalid(id: .null, .invalidRequest("line too long (over \(n - 1) bytes)"))
        case .text(let bytes):
            let value: JSONValue
            do { value = try JSONReader.parse(bytes) } catch {
                return .invalid(id: .null, .parseError(error.description))
            }
            return decode(value)
        }
    }

    /// Decodes one parsed message.
    public static func decode(_ message: JSONValue) -> PluginInput {
        guard case .object = message else { return .invalid(id: .null, .invalidRequest("not a JSON-RPC object")) }
        let rawID = message[member: "id"]
        let id: JSONValue
        switch rawID {
        case nil, .null?: id = .null
        case .string?, .integer?, .number?: id = rawID ?? .null
        default: return .invalid(id: .null, .invalidRequest("the id must be a string, a number or null"))
        }
        if let version = message[member: "jsonrpc"], version != .string("2.0") {
            return .invalid(id: id, .invalidRequest("jsonrpc must be \"2.0\""))
        }
        guard let method = message[member: "method"] else {
            if rawID != nil, message[member: "result"] != nil || message[member: "error"] != nil {
                return .response(id: id)
            }
            return .invalid(id: id, .invalidRequest("no method"))
        }
        guard case .string(let name) = method else {
            return .invalid(id: id, .invalidRequest("method is not a string"))
        }
        guard rawID != nil else { return .notification(method: name) }
        let params = message[member: "params"]
        if let params {
            switch params {
            case .object, .null: break
            default: return .invalid(id: id, .invalidParams("params must be an object"))
            }
        }
        switch call(name, params ?? .null) {
        case .success(let call): return .request(id: id, call)
        case .failure(let error): return .invalid(id: id, error)
        }
    }

    private static func call(_ method: String, _ params: JSONValue) -> Result<PluginCall, PluginError> {
        switch method {
        case controlMethod: return control(params).map(PluginCall.control)
        case setPropertyMethod: return properties(params).map(PluginCall.setProperties)
        case getPropertiesMethod: return .success(.getProperties)
        default: return .failure(.methodNotFound(method))
        }
    }

    private static func control(_ params: JSONValue) -> Result<PlayerControl, PluginError> {
        guard case .string(let command)? = params[member: "command"] else {
            return .failure(.invalidParams("Control needs a string 'command'"))
        }
        let arguments = params[member: "params"] ?? .object([])
        switch command {
        case "play": return .success(.play)
        case "pause": return .success(.pause)
        case "playPause": return .success(.playPause)
        case "stop": return .success(.stop)
        case "next": return .success(.next)
        case "previous": return .success(.previous)
        case "seek":
            guard let offset = arguments[member: "offset"]?.finiteNumber else {
                return .failure(.invalidParams("seek needs a number 'offset' (seconds) in its params"))
            }
            return .success(.seek(offsetSeconds: offset))
        case "setPosition":
            guard let position = arguments[member: "position"]?.finiteNumber, position >= 0 else {
                return .failure(.invalidParams("setPosition needs a number 'position' (seconds, 0 or more)"))
            }
            return .success(.setPosition(seconds: position))
        default:
            return .failure(.invalidParams("unknown command '\(command)'"))
        }
    }

    /// Every property is checked before any is applied: a request with one bad property changes nothing.
    private static func properties(_ params: JSONValue) -> Result<[PropertyChange], PluginError> {
        guard case .object(let members) = params, !members.isEmpty else {
            return .failure(.invalidParams("SetProperty needs an object of properties"))
        }
        var changes: [PropertyChange] = []
        for (name, value) in members {
            switch property(name, value) {
            case .success(let change): changes.append(change)
            case .failure(let error): return .failure(error)
            }
        }
        return .success(changes)
    }

    private static func property(_ name: String, _ value: JSONValue) -> Result<PropertyChange, PluginError> {
        switch name {
        case "loopStatus":
            guard case .string(let word) = value, let loop = LoopStatus(word: word), word == loop.word else {
                return .failure(.invalidParams("loopStatus must be one of none, track, playlist"))
            }
            return .success(.loopStatus(loop))
        case "shuffle":
            guard case .bool(let on) = value else { return .failure(.invalidParams("shuffle must be true or false")) }
            return .success(.shuffle(on))
        case "mute":
            guard case .bool(let on) = value else { return .failure(.invalidParams("mute must be true or false")) }
            return .success(.mute(on))
        case "volume":
            guard let v = value.finiteNumber, v == v.rounded(), v >= 0, v <= 100 else {
                return .failure(.invalidParams("volume must be a whole number from 0 to 100"))
            }
            return .success(.volume(percent: Int(v)))  // within 0…100: cannot trap
        case "rate":
            guard let r = value.finiteNumber, r > 0 else { return .failure(.invalidParams("rate must be above 0")) }
            return .success(.rate(r))
        default:
            return .failure(.invalidParams("unknown property '\(name)'"))
        }
    }
}
