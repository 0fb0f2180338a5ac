import PlayerCore
import PulseOutput
import Snapcast

/// The sound outputs linnetd starts with: the local sink and any Snapcast streams configured.
public struct OutputSetup {
    /// What the engine plays into: the local output, or a `CombinedOutput` over it when Snapcast streams exist.
    public let engineOutput: any AudioOutput
    /// The local sink (PulseAudio or PipeWire's pulse server); its meters are the player's meters.
    public let local: PulseAudioOutput
    /// Whether a sound server is there now.
    public let connected: Bool
    public let list: OutputList
    let combined: CombinedOutput?
}

/// Makes the sound outputs: PulseAudio (or PipeWire's pulse server) through libpulse (`PULSE_SERVER` is
/// honoured), and a `CombinedOutput` over it when `output = snapcast …` lines are configured.
public enum OutputFactory {
    /// The local output's connection to the sound server, under way (`beginConnecting`).
    public struct Connecting: Sendable {
        let pulse: PulseAudioOutput.Connecting
    }

    /// Starts connecting the local output and returns at once: linnetd starts it first, so the server's handshake
    /// runs on libpulse's thread while the queue database opens and the bus connects.
    public static func beginConnecting() throws(AudioOutputError) -> Connecting {
        Connecting(pulse: try PulseAudioOutput.beginConnecting(configuration: PulseOutputConfiguration()))
    }

    /// With no server the local output keeps trying in the background (the service starts anyway and plays
    /// once a server appears). `connecting`: the connection `beginConnecting` started.
    public static func make(
        _ settings: [OutputSetting], connecting: Connecting
    ) throws(AudioOutputError) -> OutputSetup {
        let local = try PulseAudioOutput(completing: connecting.pulse, waitForServer: true)
        let list = OutputSetting.outputList(settings)
        let combined = list.outputs.count > 1 ? CombinedOutput(local: local) : nil
        return OutputSetup(
            engineOutput: combined ?? local, local: local, connected: local.isConnected, list: list,
            combined: combined)
    }
}
