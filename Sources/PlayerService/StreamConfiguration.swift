import Streaming

/// Network stream settings from the environment (documented in linnetd(1)); unset or malformed values keep
/// the defaults (a malformed one is logged).
public enum StreamConfiguration {
    public static func settings(environment: (String) -> String?) -> StreamSettings {
        var s = StreamSettings()
        if let ca = environment("LINNET_CA_FILE"), !ca.isEmpty { s.caFile = ca }
        func number(_ name: String, _ range: ClosedRange<Double>) -> Double? {
            guard let text = environment(name) else { return nil }
            guard let v = Double(text), v.isFinite, range.contains(v) else {
                Log.error("\(name)=\(text) is not a number in \(range); using the default")
                return nil
            }
            return v
        }
        if let kb = number("LINNET_STREAM_BUFFER_KB", 16...262_144) { s.bufferBytes = Int(kb) * 1024 }
        if let t = number("LINNET_STREAM_READ_TIMEOUT", 0.1...600) { s.readTimeoutSeconds = t }
        if let t = number("LINNET_STREAM_LOW_SPEED_TIME", 1...600) { s.lowSpeedSeconds = Int(t) }
        if let n = number("LINNET_STREAM_RECONNECTS", 0...100) { s.reconnectAttempts = Int(n) }
        if let d = number("LINNET_STREAM_RECONNECT_DELAY", 0.01...60) { s.reconnectDelaySeconds = d }
        if let t = number("LINNET_STREAM_LIVE_RESTART", 0...86_400) { s.liveRestartSeconds = t }
        return s
    }
}
