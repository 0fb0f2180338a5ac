import MPDProtocol

/// Connection and discovery: ping, password, commands, notcommands, tagtypes, decoders, urlhandlers, outputs,
/// binarylimit.
@MainActor
enum MPDConnectionCommands {
    static let all: [String: MPDCommand] = [
        "ping": MPDCommand(.read) { c throws(MPDCommandError) in _ = try c.arguments(0, 0) },
        "password": MPDCommand(.read) { c throws(MPDCommandError) in
            let secret = try c.arguments(1, 1)[0]
            guard let granted = c.session.server.configuration.access.passwords[secret] else {
                throw MPDCommandError(.password, "incorrect password")
            }
            c.session.permissions = granted
        },
        // What this client may run now (MPD lists by permission), and what it may not.
        "commands": MPDCommand(.read) { c throws(MPDCommandError) in
            _ = try c.arguments(0, 0)
            for name in MPDCommandTable.names where c.session.may(name) { c.out.field("command", name) }
        },
        "notcommands": MPDCommand(.read) { c throws(MPDCommandError) in
            _ = try c.arguments(0, 0)
            for name in MPDCommandTable.names where !c.session.may(name) { c.out.field("command", name) }
        },
        "tagtypes": MPDCommand(.read) { c throws(MPDCommandError) in try tagTypes(&c) },
        "decoders": MPDCommand(.read) { c throws(MPDCommandError) in
            _ = try c.arguments(0, 0)
            for (plugin, suffixes, types) in decoders {
                c.out.field("plugin", plugin)
                for s in suffixes { c.out.field("suffix", s) }
                for t in types { c.out.field("mime_type", t) }
            }
        },
        "urlhandlers": MPDCommand(.read) { c throws(MPDCommandError) in
            _ = try c.arguments(0, 0)
            for scheme in ["http://", "https://"] { c.out.field("handler", scheme) }
        },
        "outputs": MPDCommand(.read) { c throws(MPDCommandError) in
            _ = try c.arguments(0, 0)
            for o in c.backend.mpdOutputs {
                c.out.field("outputid", o.id)
                // The local sink keeps the name clients have known it by.
                c.out.field("outputname", o.name == "local" ? "Linnet" : o.name)
                c.out.field("plugin", o.plugin)
                c.out.field("outputenabled", o.enabled ? 1 : 0)
                if o.plugin == "snapcast" { c.out.field("attribute", "address=\(o.address)") }
            }
        },
        "enableoutput": MPDCommand(.admin) { c throws(MPDCommandError) in try output(&c, true) },
        "toggleoutput": MPDCommand(.admin) { c throws(MPDCommandError) in try output(&c, nil) },
        "disableoutput": MPDCommand(.admin) { c throws(MPDCommandError) in try output(&c, false) },
        "binarylimit": MPDCommand(.read) { c throws(MPDCommandError) in
            let text = try c.arguments(1, 1)[0]
            let n = Int(try c.parse { () throws(MPDArgumentError) in try MPDArguments.unsigned(text) })
            // MPD's bounds: at least 64 bytes, and not more than a reply may hold.
            guard n >= 64, n <= 4 << 20 else { throw MPDCommandError(.argument, "Value out of range") }
            c.session.binaryLimit = n
        }
    ]

    /// What the decoders (libmpg123, libsndfile, libfaad, libopusfile via libsndfile…) read.
    static let decoders: [(String, [String], [String])] = [
        ("mpg123", ["mp3"], ["audio/mpeg"]),
        ("sndfile", ["flac", "ogg", "oga", "opus", "wav", "aiff"], ["audio/flac", "audio/ogg", "audio/wav"]),
        ("faad", ["m4a", "aac", "mp4"], ["audio/mp4", "audio/aac"])
    ]

    /// Output 0 is the sound server's sink, always on.
    /// enableoutput / disableoutput / toggleoutput (`enabled` nil) of one output id.
    private static func output(_ c: inout MPDCommandContext, _ enabled: Bool?) throws(MPDCommandError) {
        let text = try c.arguments(1, 1)[0]
        let id = try c.parse { () throws(MPDArgumentError) in try MPDArguments.unsigned(text) }
        guard let id = Int(exactly: id), c.backend.mpdOutputs.contains(where: { $0.id == id }) else {
            throw MPDCommandError(.noExist, "No such audio output")
        }
        try c.backend.mpdSetOutput(id: id, enabled: enabled)
    }

    /// `tagtypes` lists the enabled tags; `clear`, `all`, `enable T…`, `disable T…` change them.
    private static func tagTypes(_ c: inout MPDCommandContext) throws(MPDCommandError) {
        let args = c.request.arguments
        guard let sub = args.first else {
            for name in MPDTagNames.all where c.session.tagTypes.contains(name) { c.out.field("tagtype", name) }
            return
        }
        let names = Array(args.dropFirst())
        var resolved: [String] = []
        for n in names {
            guard let tag = MPDTagNames.canonical(n) else {
                throw MPDCommandError(.argument, "Unknown tag type: \(n)")
            }
            resolved.append(tag)
        }
        switch sub {
        case "clear": c.session.tagTypes = []
        case "all": c.session.tagTypes = Set(MPDTagNames.all)
        case "enable", "disable":
            guard !resolved.isEmpty else { throw MPDCommandError(.argument, "Not enough arguments") }
            if sub == "enable" {
                c.session.tagTypes.formUnion(resolved)
            } else {
                c.session.tagTypes.subtract(resolved)
            }
        default: throw MPDCommandError(.argument, "Unknown sub command")
        }
    }
}
