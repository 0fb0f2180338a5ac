/// Whether the source a recording asks for is on the sound server, decided before the file or the stream is
/// created: a recording of a source that is not there would otherwise start, end at once as `source-gone` and
/// leave an empty file behind.
public enum RecordingSourceCheck {
    /// What the server has (from its source list and its defaults).
    public struct ServerSources: Sendable, Hashable {
        public var names: [String]
        /// Monitor sources by the sink they monitor.
        public var monitorOfSink: [String: String]
        public var defaultSink: String?
        public var defaultSource: String?

        public init(names: [String], monitorOfSink: [String: String], defaultSink: String?, defaultSource: String?) {
            self.names = names
            self.monitorOfSink = monitorOfSink
            self.defaultSink = defaultSink
            self.defaultSource = defaultSource
        }
    }

    /// Nil when `source` can be recorded. A named source that does not exist is `invalidSettings` (the caller
    /// asked for it: InvalidArgs); no default source or monitor is `failed` (the server's state, not the call's).
    public static func problem(_ source: RecordingSettings.Source, on server: ServerSources) -> RecorderError? {
        switch source {
        case .named("@DEFAULT_SOURCE@"):
            return problem(.defaultSource, on: server)
        case .named("@DEFAULT_MONITOR@"):
            return problem(.defaultMonitor, on: server)
        case .named(let name):
            guard !server.names.contains(name) else { return nil }
            let known = server.names.prefix(8).map { "'\($0)'" }.joined(separator: ", ")
            return RecorderError(
                .invalidSettings,
                "source: no source named '\(name)' on the sound server ("
                    + (known.isEmpty ? "it has none" : "it has \(known)\(server.names.count > 8 ? ", …" : "")")
                    + "; see pactl list short sources)")
        case .defaultSource:
            guard let name = server.defaultSource, server.names.contains(name) else {
                return RecorderError(.failed, "the sound server has no default source to record")
            }
            return nil
        case .defaultMonitor:
            guard let sink = server.defaultSink, server.monitorOfSink[sink] != nil else {
                return RecorderError(.failed, "the sound server has no default sink whose monitor could be recorded")
            }
            return nil
        }
    }
}
