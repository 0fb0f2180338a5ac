import PlayerCore
import PulseOutput

/// Makes the sound output: PulseAudio (or PipeWire's pulse server) through libpulse; `PULSE_SERVER` is honoured.
public enum OutputFactory {
    /// The output and whether a server is there now; with no server it keeps trying in the background
    /// (the service starts anyway and plays once a server appears).
    public static func make() throws(AudioOutputError) -> (output: any AudioOutput, connected: Bool) {
        let output = try PulseAudioOutput(configuration: PulseOutputConfiguration(), waitForServer: true)
        return (output, output.isConnected)
    }
}
