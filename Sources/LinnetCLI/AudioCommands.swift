import PlayerCore

/// `linnet effect load FILE` / `linnet effect play ID|FILE [--volume V] [--alert]`.
public enum EffectRequest: Sendable, Equatable {
    /// What `play` plays: an effect loaded by someone (its id) or a file loaded for this one play.
    public enum Target: Sendable, Equatable {
        case id(UInt32)
        case file(uri: String)
    }
    case load(uri: String)
    case play(Target, volume: Double, alert: Bool)
}

/// `linnet record [options] FILE`: the StartRecording settings and whether to draw meters.
public struct RecordOptions: Sendable, Equatable {
    public var path: String
    /// Settings keys and values as the Recorder interface names them (rate/channels unsigned, quality double).
    public var strings: [String: String] = [:]
    public var unsigned: [String: UInt32] = [:]
    public var quality: Double?
    public var meter = false

    public init(path: String) { self.path = path }
}

extension CommandTable {
    static let effect = CommandSpec(
        "effect", "load FILE | play ID|FILE [--volume V] [--alert]", "Load or play a short sound effect",
        """
        load FILE: upload FILE (any format linnet plays; at most 10 s and 4 MB) into the sound server's
          sample cache, print its id and keep it loaded until interrupted (effects belong to the client that
          loaded them and are unloaded when it leaves) (Effects.LoadEffect).
        play ID|FILE: play a loaded effect by its id, or load FILE for this one play; waits until it has
          been heard (EffectFinished).
          --volume V  the effect's volume, 0 to 4 (1 = 100 %; default 1)
          --alert     play it as an alert instead: the event role at the server's alert volume (PlayAlert)
        Example: linnet effect play /usr/share/sounds/freedesktop/stereo/bell.oga
        """
    ) { (r, context) throws(UsageError) in
        guard let sub = r.args.first else { throw r.fail("missing 'load' or 'play'") }
        let rest = Array(r.args.dropFirst())
        switch sub {
        case "load":
            let file = try ArgumentReader(command: "effect load", args: rest).operands(1...1)[0]
            return .effect(.load(uri: FileURI.uri(for: file, workingDirectory: context.workingDirectory)))
        case "play":
            var volume = 1.0
            var alert = false
            var operands: [String] = []
            var i = 0
            while i < rest.count {
                let a = rest[i]
                if a == "--alert" {
                    alert = true
                } else if a == "--volume" {
                    guard i + 1 < rest.count, let v = Double(rest[i + 1]), v.isFinite, v >= 0, v <= 4 else {
                        throw r.fail("--volume needs a number from 0 to 4")
                    }
                    volume = v
                    i += 1
                } else if ArgumentReader.isOption(a) {
                    throw r.fail("unknown option '\(a)'")
                } else {
                    operands.append(a)
                }
                i += 1
            }
            guard operands.count == 1 else {
                throw r.fail(operands.isEmpty ? "missing ID or FILE" : "too many arguments")
            }
            if alert, volume != 1 { throw r.fail("--alert plays at the server's alert volume: no --volume") }
            let target: EffectRequest.Target
            if let id = UInt32(operands[0]), operands[0].allSatisfy(\.isNumber) {
                target = .id(id)
            } else {
                target = .file(uri: FileURI.uri(for: operands[0], workingDirectory: context.workingDirectory))
            }
            return .effect(.play(target, volume: volume, alert: alert))
        default:
            throw r.fail("unknown effect command '\(sub)' (load, play)")
        }
    }

    static let record = CommandSpec(
        "record", "[--monitor | --source NAME] [--format F] [--rate HZ] [--bits B] [OPTION...] FILE",
        "Record from a source to a file",
        """
        Record the default source (a microphone), or with --monitor what the speakers play, to FILE until
        interrupted (Recorder.StartRecording; Ctrl-C stops and finishes the file).
          --source NAME   a source by name (pactl list short sources)
          --format F      wav, flac, ogg, opus or caf (default: from FILE's extension)
          --rate HZ       sample rate (default 44100; 48000 for opus)
          --channels N    1 to 8 (default 2)
          --bits B        s16, s24, s32 or float (wav, caf; flac: s16, s24)
          --quality Q     0 to 1: VBR quality (ogg, opus) or compression effort (flac)
          --meter         draw the recorded levels as live bars
        Invalid combinations, an unknown format and a source the sound server does not have are refused
        before anything starts (no file is created; exit status 64).
        Example: linnet record --monitor --format flac --bits s24 out.flac
        """
    ) { (r, context) throws(UsageError) in
        var path: String?
        var options = RecordOptions(path: "")
        var i = 0
        let args = r.args
        func value(_ flag: String) throws(UsageError) -> String {
            guard i + 1 < args.count else { throw r.fail("\(flag) needs a value") }
            i += 1
            return args[i]
        }
        while i < args.count {
            let a = args[i]
            switch a {
            case "--monitor": options.strings["source"] = "@monitor"
            case "--source": options.strings["source"] = try value(a)
            case "--format":
                let format = try value(a).lowercased()
                guard RecordingSettings.Container(rawValue: format) != nil else {
                    throw r.fail(
                        "--format '\(format)' is not one linnet records "
                            + "(\(RecordingSettings.Container.allCases.map(\.rawValue).joined(separator: ", ")))")
                }
                options.strings["format"] = format
            case "--bits":
                let bits = try value(a).lowercased()
                guard RecordingSettings.Bits(rawValue: bits) != nil else {
                    throw r.fail(
                        "--bits '\(bits)' is not one of "
                            + RecordingSettings.Bits.allCases.map(\.rawValue).joined(separator: ", "))
                }
                options.strings["bits"] = bits
            case "--rate", "--channels":
                let text = try value(a)
                guard let n = UInt32(text) else { throw r.fail("\(a) needs a whole number, not '\(text)'") }
                options.unsigned[String(a.dropFirst(2))] = n
            case "--quality":
                let text = try value(a)
                guard let q = Double(text), q.isFinite, q >= 0, q <= 1 else { throw r.fail("--quality needs 0 to 1") }
                options.quality = q
            case "--meter": options.meter = true
            default:
                if ArgumentReader.isOption(a) { throw r.fail("unknown option '\(a)'") }
                guard path == nil else { throw r.fail("more than one FILE ('\(a)')") }
                path = a
            }
            i += 1
        }
        guard let path, !path.isEmpty else { throw r.fail("missing FILE") }
        options.path = path.hasPrefix("/") ? path : context.workingDirectory + "/" + path
        return .record(options)
    }
}
